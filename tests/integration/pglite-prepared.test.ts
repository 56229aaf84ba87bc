import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPrepared } from '@/lib/db/pglite-prepared';

// lib/db/pglite-prepared.ts is the one place that uses PGlite's private query locks (kept because
// PGlite's public query() parses and plans every call: see docs/performance.md#api). If an upgrade
// renames them or changes what they guard, these fail here rather than the app corrupting a session.
describe('PGlite internals that lib/db/pglite-prepared.ts relies on', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
    await client.exec('create table probe (n int)');
  });
  afterAll(() => client.close());

  it('still has the two private locks query() and transaction() take', () => {
    const internals = client as unknown as Record<string, unknown>;
    for (const name of [
      '_runExclusiveTransaction',
      '_runExclusiveQuery',
      'execProtocolStream',
      'serializers',
      'parsers',
      'syncToFs',
    ]) {
      expect(
        typeof internals[name],
        `PGlite no longer has ${name}: revisit lib/db/pglite-prepared.ts`,
      ).not.toBe('undefined');
    }
  });

  it('waits for an open transaction instead of running inside it', async () => {
    await client.exec('delete from probe');
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into probe values (1)');
      inserted();
      await held;
      await tx.query('insert into probe values (2)');
      await tx.rollback();
    });
    await open;
    // Issued while the transaction is open: run inside it, it would see the uncommitted row.
    const counted = queryPrepared(
      client,
      'probe_count',
      'select count(*)::int as n from probe where n > $1',
      [0],
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await counted).toEqual([{ n: 0 }]);
  });

  it('parses each statement once and returns values typed as query() does', async () => {
    for (let i = 0; i < 3; i++) {
      const [row] = await queryPrepared(
        client,
        'probe_typed',
        'select $1::int + 1 as n, now() as at, $2::jsonb as doc',
        [i, JSON.stringify({ a: 'ñ' })],
      );
      expect(row).toMatchObject({ n: i + 1, doc: { a: 'ñ' } });
      expect(row!.at).toBeInstanceOf(Date);
    }
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name = 'probe_typed'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
    // A failed statement leaves the session usable.
    await expect(
      queryPrepared(client, 'probe_fail', 'select 1 / $1::int as x', [0]),
    ).rejects.toThrow(/division by zero/);
    expect(await queryPrepared(client, 'probe_fail', 'select 1 / $1::int as x', [1])).toEqual([
      { x: 1 },
    ]);
  });
});
