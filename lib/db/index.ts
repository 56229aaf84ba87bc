export { openDatabase } from './client';
export type { Database, DatabaseOptions, Db, Schema } from './client';
export { startDatabase, getDb, stopDatabase } from './instance';
export * as schema from './schema';
export { queryRows } from './rows';
export { runStatement, statement, toDate, toDateOrNull, type Statement } from './statement';
export { encodeCursor, decodeCursor, decodeListCursor, type ListOrder } from './cursor';
export { DataDirBusyError } from './data-dir-lock';
