import path from 'node:path';
import { getEnv } from '@/lib/config';
import { BackupRefused, DataDirBusyError, lockDataDir, restoreEmbeddedDatabase } from '@/lib/db';

// npm run db:restore -- <file>: a db:backup archive into DATA_DIR, which must hold no database yet.
// Not through the running app: an app never has its database replaced under it.
const file = process.argv[2];
const env = getEnv();
try {
  if (!file) throw new BackupRefused('name the backup file: npm run db:restore -- <file>');
  if (env.databaseUrl)
    throw new BackupRefused(
      'db:restore restores the embedded database (PGlite). With PostgreSQL (DATABASE_URL) use pg_restore.',
    );
  const unlock = lockDataDir(env.dataDir, 'npm run db:restore');
  try {
    await restoreEmbeddedDatabase(path.resolve(file), path.join(env.dataDir, 'pglite'));
  } finally {
    unlock();
  }
  console.log(`restored: ${path.resolve(file)} → ${env.dataDir}`);
  console.log(
    'Sealed private keys open only with the master key they were sealed with: start the app with the same MASTER_KEY (or copy master.dev.key into the data folder).',
  );
  process.exit(0);
} catch (error) {
  if (error instanceof BackupRefused || error instanceof DataDirBusyError) {
    console.error(`db:restore: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
