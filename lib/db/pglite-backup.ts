import 'server-only';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Db } from './db-type';
import { driverOf } from './driver';

export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/**
 * A copy of the embedded database's files as a gzipped tar, by PGlite's dumpDataDir, which holds
 * PGlite's query lock while it copies: no statement runs meanwhile, so the files are what a crash
 * at that instant would leave, and the restore's start-up recovery keeps every committed write and
 * drops any transaction still open. Requests wait for it (docs/operations.md#backups).
 */
export async function backupEmbeddedDatabase(db: Db): Promise<Buffer> {
  const driver = driverOf(db);
  if (driver?.kind !== 'pglite')
    throw new BackupRefused(
      'db:backup copies the embedded database (PGlite). With PostgreSQL (DATABASE_URL) use pg_dump.',
    );
  const { client } = driver;
  // Written pages reach the files before they are copied; what comes after is in the WAL copied with them.
  await client.exec('checkpoint');
  const archive = await client.dumpDataDir('gzip');
  return Buffer.from(await archive.arrayBuffer());
}

/** Writes a backup where asked, readable by this user only: it holds sealed keys and every workspace's data. */
export function writeBackupFile(file: string, archive: Buffer): void {
  writeFileSync(file, archive, { mode: 0o600, flag: 'wx' });
}

/**
 * Restores a backup into an empty PGlite folder (never over data: a restore that replaced a live
 * database by mistake could not be undone). Opens it once, so a damaged archive is refused here.
 */
export async function restoreEmbeddedDatabase(file: string, pgliteDir: string): Promise<void> {
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)
    throw new BackupRefused(
      `${pgliteDir} already holds a database. Restore into a new data folder (DATA_DIR=<empty folder> npm run db:restore -- <file>).`,
    );
  if (!existsSync(file)) throw new BackupRefused(`No backup file at ${file}.`);
  mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
  const { PGlite } = await import('@electric-sql/pglite');
  try {
    const client = await PGlite.create(pgliteDir, {
      loadDataDir: new Blob([readFileSync(file)]),
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (error) {
    // The folder was empty before: leave it so, not half restored.
    rmSync(pgliteDir, { recursive: true, force: true });
    throw new BackupRefused(
      `${file} is not a backup this command can restore (${(error as Error).message}).`,
    );
  }
}
