import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '@/lib/db';
import { analyzeGrownTables } from '@/lib/db/analyze-grown-tables';
import { startPgliteMaintenance, vacuumAll } from '@/lib/db/pglite-maintenance';
import { createEntry, getEntry } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { migratedPglite } from './support/databases';

const party = {
  $schema: 'https://gobl.org/draft-0/org/party',
  name: 'Crecimiento SA',
  tax_id: { country: 'AR', code: '30-71456123-1' },
};

// PGlite has no autovacuum; these check the app's own stand-in (lib/db/pglite-maintenance.ts).
describe('PGlite maintenance', () => {
  let database: Database;
  let client: PGlite;
  beforeAll(async () => {
    // Its own timer stays out of the way: these tests call maintenance when they mean to.
    database = await openDatabase({
      dataDir: 'memory://',
      pgliteStartFrom: await migratedPglite(),
      pgliteMaintenance: { analyzeEveryMs: 3_600_000, firstVacuumAfterMs: 3_600_000 },
    });
    if (database.driver.kind !== 'pglite') throw new Error('expected the embedded database');
    client = database.driver.client;
  });
  afterAll(() => database.close());

  const plan = async (statementName: string, values: string[]) =>
    (
      await client.query<{ 'QUERY PLAN': string }>(
        `explain execute ${statementName}(${values.map((v) => `'${v}'`).join(', ')})`,
      )
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');

  it('re-plans a statement prepared while its table was small once the table has grown', async () => {
    const workspace = await createWorkspace(database.db, { name: 'growth' });
    const { entry } = await createEntry(database.db, workspace.id, {
      body: { folder: 'suppliers', data: party },
    });
    // Enough executions for PostgreSQL to settle on a generic plan, made for a one-row table.
    for (let i = 0; i < 8; i++)
      expect(await getEntry(database.db, workspace.id, entry.id)).toBeDefined();
    const [{ name }] = (
      await client.query<{ name: string }>(
        `select name from pg_prepared_statements where name like 'silo_entry_with_meta_%'`,
      )
    ).rows as [{ name: string }];
    await client.query(
      `insert into silo_entries (id, owner_id, folder, doc_schema, data, request_hash)
       select gen_random_uuid(), $1, 'suppliers', $2, '{}'::jsonb, md5(g::text) from generate_series(1, 5000) g`,
      [workspace.id, party.$schema],
    );
    // Without maintenance the cached plan walks every entry of the workspace to find one.
    expect(
      await plan(name, [entry.id, workspace.id]),
      'the stale plan this guards against',
    ).toContain('silo_entries_owner');

    expect(await analyzeGrownTables(client)).toContain('public.silo_entries');
    expect(await plan(name, [entry.id, workspace.id])).toContain('Index Cond: (id = $1)');
    expect(await getEntry(database.db, workspace.id, entry.id)).toMatchObject({ id: entry.id });
  });

  it('leaves tables that have not grown alone', async () => {
    await analyzeGrownTables(client);
    expect(await analyzeGrownTables(client)).toEqual([]);
  });

  it('vacuums away the dead rows that updates leave behind', async () => {
    await client.exec(
      'create table vacuum_probe (n int, v text); insert into vacuum_probe select g, $$a$$ from generate_series(1, 2000) g',
    );
    await client.exec('update vacuum_probe set v = $$b$$');
    const pages = async () =>
      (
        await client.query<{ n: number }>(
          `select pg_relation_size('vacuum_probe')::int / 8192 as n`,
        )
      ).rows[0]!.n;
    const before = await pages();
    await vacuumAll(client);
    await client.exec('update vacuum_probe set v = $$c$$');
    // The space the first update's old rows held is reused instead of the table growing again.
    expect(await pages()).toBe(before);
  });

  it('runs by itself on a timer, and stops', async () => {
    await client.exec('create table maintenance_probe (n int)');
    await client.exec('insert into maintenance_probe select generate_series(1, 20000)');
    const errors: unknown[] = [];
    const maintenance = startPgliteMaintenance(client, (error) => errors.push(error), {
      analyzeEveryMs: 20,
      firstVacuumAfterMs: 3_600_000,
    });
    const rows = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select reltuples::int as n from pg_class where relname = 'maintenance_probe'`,
        )
      )[0]?.n;
    await expect.poll(rows, { timeout: 5_000 }).toBe(20_000);
    await maintenance.stop();
    // Stopped means stopped: a table that grows afterwards is left for the next start.
    await client.exec('insert into maintenance_probe select generate_series(1, 20000)');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rows()).toBe(20_000);
    expect(errors).toEqual([]);
  });
});
