import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keepStatisticsWithoutAutovacuum } from '@/lib/db/postgres-statistics';

const quiet = { off: () => undefined, failed: () => undefined };

describe('PostgreSQL statistics without autovacuum', () => {
  it('does nothing when the server keeps them (autovacuum on)', async () => {
    const onServer = { query: async () => ({ rows: [{ on: true }] }) } as unknown as pg.Pool;
    const said: string[] = [];
    const keeper = await keepStatisticsWithoutAutovacuum(onServer, {
      off: () => said.push('off'),
      failed: () => said.push('failed'),
    });
    expect(keeper).toBeUndefined();
    expect(said).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'says so and analyzes a table that grew, when the server has autovacuum off',
    async () => {
      const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
      const table = `statistics_probe_${process.pid}_${Date.now()}`;
      try {
        const { rows } = await pool.query<{ on: boolean }>(
          `select current_setting('autovacuum')::boolean and current_setting('track_counts')::boolean as on`,
        );
        // This machine's and CI's PostgreSQL run with autovacuum off; elsewhere there is nothing to show.
        if (rows[0]?.on) return;
        await pool.query(`create table ${table} (n integer)`);
        const said: string[] = [];
        const keeper = await keepStatisticsWithoutAutovacuum(pool, {
          ...quiet,
          off: () => said.push('off'),
        });
        expect(said).toEqual(['off']);
        await pool.query(`insert into ${table} select generate_series(1, 20000)`);
        const analyzed = async () =>
          Number(
            (
              await pool.query<{ reltuples: number }>(
                `select reltuples from pg_class where relname = $1`,
                [table],
              )
            ).rows[0]?.reltuples,
          );
        const deadline = Date.now() + 15_000;
        while ((await analyzed()) < 20_000 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 250));
        await keeper?.stop();
        expect(await analyzed()).toBe(20_000);
      } finally {
        await pool.query(`drop table if exists ${table}`);
        await pool.end();
      }
    },
  );
});
