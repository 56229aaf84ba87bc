export { openDatabase } from './client';
export type { Database, DatabaseOptions, Db, Schema } from './client';
export { startDatabase, getDb, stopDatabase } from './instance';
export * as schema from './schema';
export { queryRows } from './rows';
