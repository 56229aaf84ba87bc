import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/** A Drizzle database over PGlite or PostgreSQL, or a transaction on one. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
