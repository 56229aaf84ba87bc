// Vitest setup file (integration project): each worker runs its suites on a PostgreSQL database of
// its own (`<DATABASE_URL's database>_w<pool id>`, made and migrated on first use). Suites of two
// workers run at once, and a runner claims any due job in its database: on one shared database one
// suite's runner or worker process took another's jobs (sent its invoices through the wrong
// simulator, opened its webhook secrets with the wrong key).
import pg from 'pg';

const BASE = 'ARCA_TEST_DATABASE_URL';
const base = (process.env[BASE] ??= process.env.DATABASE_URL ?? '');
const poolId = process.env.VITEST_POOL_ID;

if (base && poolId) {
  const own = new URL(base);
  const name = `${own.pathname.slice(1) || 'postgres'}_w${poolId}`;
  if (!/^\w+$/.test(name)) throw new Error(`not a database name for the tests: ${name}`);
  own.pathname = `/${name}`;
  if (process.env.DATABASE_URL !== own.toString()) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0)
        await admin.query(`create database "${name}"`).catch((error: { code?: string }) => {
          // Another run made it first.
          if (error.code !== '42P04') throw error;
        });
    } finally {
      await admin.end();
    }
    process.env.DATABASE_URL = own.toString();
  }
}
