export { openDatabase } from './client';
export type { Database, Db } from './client';
export { startDatabase, getDb, stopDatabase } from './instance';
export * as schema from './schema';
export { isDatabaseUnavailable } from './unavailable';
export { queryRows } from './rows';
export { runStatement, statement, toDate, toDateOrNull } from './statement';
export { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
export { DataDirBusyError, lockDataDir } from './data-dir-lock';
export { migrationStatus } from './migration-status';
export type { MigrationStatus } from './migration-status';
export {
  backupEmbeddedDatabase,
  restoreEmbeddedDatabase,
  writeBackupFile,
  BackupRefused,
} from './pglite-backup';
