/** The project's tables, schema-qualified and quoted. */
export const USER_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;
// Autovacuum analyzes after 50 rows plus 10 % of the table; pages are what both databases keep current.
const GROWN_TABLES = `${USER_TABLES} and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8`;

/** How often both databases' upkeep looks for grown tables (PGlite always, PostgreSQL without autovacuum). */
export const ANALYZE_GROWN_TABLES_EVERY_MS = 5_000;

/** PGlite's client and node-postgres's pool both answer this. */
interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/**
 * Analyzes every table that grew by a fifth since its statistics were taken; returns their names.
 * ANALYZE reads a bounded sample, so its cost stays small however large a table grows, and it makes
 * PostgreSQL plan again the statements prepared while the table was small.
 */
export async function analyzeGrownTables(client: Queryable): Promise<string[]> {
  const names = ((await client.query(GROWN_TABLES)).rows as { name: string }[]).map((r) => r.name);
  for (const name of names) await client.query(`analyze ${name}`);
  return names;
}
