import 'server-only';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { getLogger } from '@/lib/log';
import type { Db } from './db-type';
import { recordDriver, type Driver } from './driver';
import { startPgliteMaintenance } from './pglite-maintenance';
import { keepStatisticsWithoutAutovacuum } from './postgres-statistics';
import * as schema from './schema';

export type { Db, Schema } from './db-type';

export interface Database {
  db: Db;
  kind: Driver['kind'];
  /** The driver it was opened with (also found from `db` by driverOf). */
  driver: Driver;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * A PGlite data folder dumped by `dumpDataDir` to start from instead of an empty one (tests open
   * dozens of in-memory databases: loading one migrated copy skips initdb, PGlite's slowest part).
   * Migrations still run after it, so a copy that is behind is brought up to date.
   */
  pgliteStartFrom?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** How often PGlite analyzes grown tables and vacuums (see pglite-maintenance.ts). */
  pgliteMaintenance?: {
    analyzeEveryMs?: number;
    vacuumEveryMs?: number;
    firstVacuumAfterMs?: number;
  };
}

const MIGRATIONS = path.join(process.cwd(), 'lib/db/migrations');
// PGlite's PostgreSQL lives in the app's WebAssembly memory, and its shared buffers are written
// whole at start (so resident from the first second) and never given back: initdb's 128MB of
// shared buffers was ≈ 150 MiB of the process's RSS. 32MB holds the pages a registration touches
// many times over; what does not fit is read again from the data folder through the OS's page
// cache (docs/performance.md, "Memory of the PGlite instance").
export const PGLITE_SHARED_BUFFERS = '32MB';
const PGLITE_MEMORY_SETTINGS = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
// Any fixed number: every instance takes the same advisory lock so only one migrates at a time.
const MIGRATION_LOCK = 7_340_001;

/** Opens the configured database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.maxConnections ?? 10)
    : openPglite(options.dataDir, options.pgliteMaintenance, options.pgliteStartFrom);
}

async function openPglite(
  dataDir: string,
  maintenanceEvery?: DatabaseOptions['pgliteMaintenance'],
  startFrom?: Blob,
): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    ...(startFrom ? { loadDataDir: startFrom } : {}),
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  const maintenance = startPgliteMaintenance(
    client,
    (err) => getLogger().error({ err }, 'db: PGlite maintenance failed'),
    maintenanceEvery,
  );
  const close = async () => {
    try {
      await maintenance.stop();
    } finally {
      await client.close();
    }
  };
  const driver: Driver = { kind: 'pglite', client };
  recordDriver(db as unknown as Db, driver);
  return { db: db as unknown as Db, kind: 'pglite', driver, close };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (a restart, a failover) is reported here; unheard, the
  // error would end the process. The pool drops that connection and opens a new one when asked.
  // Its code and message only: node-postgres hangs the whole client (connection settings) on it.
  pool.on('error', (err: Error & { code?: string }) =>
    getLogger().warn(
      { code: err.code, reason: err.message },
      'db: an idle PostgreSQL connection failed',
    ),
  );
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const statistics = await keepStatisticsWithoutAutovacuum(pool, {
    off: () =>
      getLogger().warn(
        'db: autovacuum is off on this PostgreSQL; the app analyzes the tables that grow itself (turn autovacuum on: docs/operations.md#postgresql)',
      ),
    failed: (err) => getLogger().error({ err }, 'db: analyzing grown tables failed'),
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const driver: Driver = { kind: 'postgres', pool };
  recordDriver(db, driver);
  const close = async () => {
    try {
      await statistics?.stop();
    } finally {
      await pool.end();
    }
  };
  return { db, kind: 'postgres', driver, close };
}
