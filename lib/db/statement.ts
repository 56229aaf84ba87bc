import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { driverOf } from './driver';
import { queryPrepared } from './pglite-prepared';

/**
 * A fixed SQL text with $1… parameters, for the API's hottest queries. Run straight on the driver it
 * skips Drizzle's query building and result mapping (about half the CPU of a one-row read on PGlite),
 * and it is a named prepared statement, parsed once per connection (PostgreSQL) or database (PGlite).
 */
interface Statement {
  name: string;
  text: string;
}

// The text's digest is part of the name: a changed text (a reload in development) is a new statement,
// never a stale plan under an old name.
export const statement = (name: string, text: string): Statement => ({
  name: `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 10)}`,
  text,
});

type Row = Record<string, unknown>;

/**
 * Runs a statement and returns its rows as the driver parses them: timestamps as Date, json as
 * values. Inside a transaction (no driver client of its own) it goes through Drizzle.
 */
export async function runStatement<T = Row>(
  db: Db,
  { name, text }: Statement,
  values: unknown[],
): Promise<T[]> {
  const driver = driverOf(db);
  if (driver?.kind === 'postgres')
    return (await driver.pool.query<Row>({ name, text, values })).rows as T[];
  if (driver?.kind === 'pglite')
    return (await queryPrepared(driver.client, name, text, values)) as T[];
  const result = (await db.execute(toSql(text, values))) as unknown as { rows: T[] };
  return result.rows;
}

function toSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) =>
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`),
  );
  return sql.join(chunks);
}

/** A timestamp as either driver returns it (Date from the client, ISO text through Drizzle). */
export const toDate = (value: unknown): Date =>
  value instanceof Date ? value : new Date(String(value));
export const toDateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : toDate(value);
