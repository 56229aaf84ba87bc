import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/db';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// Drizzle wraps the driver's error as its cause.
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable: a connection failure (retry later, 503), not a bug or a refusal (500, 4xx)', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'the server shutting down (57P01), wrapped',
      wrapped(withCode('terminating connection due to administrator command', '57P01')),
    ],
    ['the server starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    [
      'a connection cut mid-query, wrapped',
      wrapped(new Error('Connection terminated unexpectedly')),
    ],
  ])('%s is', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', wrapped(withCode('duplicate key value', '23505'))],
    ['a syntax error (42601)', withCode('syntax error at or near', '42601')],
    ['any other error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
