import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { createLogger, redactConsoleErrors, redactUrl, withRequestId } from '@/lib/log';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('structured logs', () => {
  it('writes one JSON object per line with level and message', () => {
    const { logger, lines } = capture();
    logger.info({ path: '/x' }, 'hello');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'info', msg: 'hello', path: '/x' });
  });

  it('redacts secrets at the top level and nested', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        req: { headers: { authorization: 'Bearer sk_live_abc', cookie: 'session=1' } },
        api_key: 'sk_live_abc',
        entry: { ref: 'r3f', private_key: '-----BEGIN PRIVATE KEY-----', certificate: 'MIIB' },
        password: 'hunter2',
      },
      'secrets',
    );
    const text = lines.join('');
    for (const secret of [
      'sk_live_abc',
      'session=1',
      'r3f',
      'BEGIN PRIVATE KEY',
      'MIIB',
      'hunter2',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('masks registration refs and secret query parameters in URLs', () => {
    expect(redactUrl('/reg/AbC123/upload?x=1')).toBe('/reg/[redacted]/upload?x=1');
    expect(redactUrl('/en/reg/AbC123')).toBe('/en/reg/[redacted]');
    expect(redactUrl('/console?token=abc&x=2')).toBe('/console?token=[redacted]&x=2');
    expect(redactUrl('/utils/v1/ping')).toBe('/utils/v1/ping');
  });

  it(
    'logs a failed query without the values it carried (message, stack, params, driver detail)',
    { timeout: 60_000 },
    async () => {
      const client = await PGlite.create('memory://');
      const secret = '-----BEGIN PRIVATE KEY-----\nMIIEvQ-sealed-value\n-----END PRIVATE KEY-----';
      const error = await drizzle(client)
        .execute(sql`select ${secret}::uuid, ${'ops@example.com'}::text`)
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      await client.close();
      expect(String((error as Error).message)).toContain('MIIEvQ-sealed-value');
      const duplicate = Object.assign(
        new Error('duplicate key value violates unique constraint "users_email_key"'),
        { detail: 'Key (email)=(ops@example.com) already exists.' },
      );
      const { logger, lines } = capture();
      logger.error({ err: error }, 'db: query failed');
      logger.error({ err: duplicate }, 'db: insert failed');
      const text = lines.join('');
      for (const value of ['MIIEvQ-sealed-value', 'BEGIN PRIVATE KEY', 'ops@example.com'])
        expect(text).not.toContain(value);
      const [failed, conflict] = lines.map((line) => JSON.parse(line));
      expect(failed.err.message).toContain('Failed query: select $1::uuid, $2::text');
      expect(failed.err.message).toContain('params: [redacted]');
      expect(failed.err.message).toContain('invalid input syntax for type uuid: "[redacted]"');
      expect(failed.err.params).toBe('[redacted]');
      expect(conflict.err.detail).toBe('Key (email)=([redacted]) already exists.');

      // Next prints errors from rendering and actions with console.error: the same redaction applies.
      const printed: unknown[][] = [];
      const target = {
        error: (...args: unknown[]) => void printed.push(args),
        warn: (...args: unknown[]) => void printed.push(args),
      };
      redactConsoleErrors(target);
      target.error('⨯', error);
      const [[, shown]] = printed as [[string, Error & { params: unknown }]];
      expect(shown).toBeInstanceOf(Error);
      expect(inspect(shown, { depth: 8 })).not.toContain('MIIEvQ-sealed-value');
      expect(inspect(shown, { depth: 8 })).toContain('Failed query: select $1::uuid, $2::text');
      expect(String((error as Error).message)).toContain('MIIEvQ-sealed-value');
    },
  );

  it('names the request being handled on every line, from the logger and its children, and on no other', async () => {
    const { logger, lines } = capture();
    logger.info('at boot');
    await withRequestId('req-1', async () => {
      logger.info('handling');
      await new Promise((resolve) => setImmediate(resolve));
      logger.child({ runner: 'r' }).warn({ requestId: 'req-1' }, 'in a verb');
    });
    await Promise.all(
      ['req-2', 'req-3'].map((id) =>
        withRequestId(id, async () => {
          await new Promise((resolve) => setTimeout(resolve, id === 'req-2' ? 20 : 0));
          logger.error({ err: new Error('boom') }, id);
        }),
      ),
    );
    logger.info('after');
    const parsed = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string });
    expect(parsed.map((line) => [line.msg, line.requestId])).toEqual([
      ['at boot', undefined],
      ['handling', 'req-1'],
      ['in a verb', 'req-1'],
      ['req-3', 'req-3'],
      ['req-2', 'req-2'],
      ['after', undefined],
    ]);
    expect(lines[2]!.match(/requestId/g)).toHaveLength(1);
  });

  it('ends what Next prints with console.error while a request is handled with its id', () => {
    const printed: unknown[][] = [];
    const target = {
      error: (...args: unknown[]) => void printed.push(args),
      warn: (...args: unknown[]) => void printed.push(args),
    };
    redactConsoleErrors(target);
    target.error('⨯', new Error('render failed'));
    withRequestId('req-9', () => target.warn('slow'));
    const shown = printed.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.message : arg)),
    );
    expect(shown).toEqual([
      ['⨯', 'render failed'],
      ['slow', { requestId: 'req-9' }],
    ]);
  });
});
