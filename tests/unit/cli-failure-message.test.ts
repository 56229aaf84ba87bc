import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/errors';
import { failureMessage } from '@/scripts/cli/failure-message';

describe('a failed CLI command', () => {
  it("prints an unexpected error's stack without the failed query's parameters", () => {
    const secret = 'operator-password-Zq81';
    const error = new DrizzleQueryError(
      'insert into users (email, password_hash) values ($1, $2)',
      ['ana@example.com', secret],
      new Error('connection reset'),
    );
    const printed = failureMessage(error);
    expect(printed).toContain('Failed query: insert into users');
    expect(printed).toContain('params: [redacted]');
    expect(printed).not.toContain(secret);
    expect(printed).not.toContain('ana@example.com');
  });

  it("prints a refusal's own message", () => {
    expect(
      failureMessage(
        new DomainError({ kind: 'invalid', code: 'usage', detail: 'Missing --email.' }),
      ),
    ).toBe('Missing --email.');
  });
});
