import 'server-only';
import path from 'node:path';
import { getEnv } from '@/lib/config';
import { openDatabase, type Database, type Db } from './client';
import { lockDataDir } from './data-dir-lock';

// server.ts and Next's server bundle each get their own copy of this module; the promise lives on
// globalThis so both share one database (PGlite allows a single owner per data folder).
const holder = globalThis as unknown as {
  __arcaDatabase?: Promise<Database>;
  __arcaUnlock?: () => void;
};

/** Opens the configured database once per process; `purpose` names this process in the PGlite lock. */
export function startDatabase(purpose = 'the app server'): Promise<Database> {
  const env = getEnv();
  if (!holder.__arcaDatabase) {
    if (!env.databaseUrl) holder.__arcaUnlock = lockDataDir(env.dataDir, purpose);
    holder.__arcaDatabase = openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: path.join(env.dataDir, 'pglite'),
    });
  }
  return holder.__arcaDatabase;
}

export async function getDb(): Promise<Db> {
  return (await startDatabase()).db;
}

export async function stopDatabase(): Promise<void> {
  const pending = holder.__arcaDatabase;
  holder.__arcaDatabase = undefined;
  if (pending) await (await pending).close();
  holder.__arcaUnlock?.();
  holder.__arcaUnlock = undefined;
}
