import 'server-only';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { entryPage, type EntryPage } from './entry-page';

/** A field of the document as a dotted path (`supplier.tax_id.code`), read inside an envelope's `doc`. */
export type DocumentPath = string;

export interface FindDocumentsOptions {
  folder: string;
  docSchema: string;
  state?: string;
  /** Each path's text must equal its value. */
  equals?: Record<DocumentPath, string>;
  /**
   * Each path's digits must be its value's, leading zeros aside: a CUIT written with or without
   * hyphens, a point of sale as "2" or "0002".
   */
  digitsEqual?: Record<DocumentPath, string>;
  /** Inclusive bounds on a yyyy-mm-dd field (text compares as dates in that format). */
  between?: { path: DocumentPath; from?: string; to?: string };
  /** Part of any of these fields' text, case-insensitive. */
  search?: { paths: DocumentPath[]; text: string };
  page: number;
  pageSize: number;
}

const PATH = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// Paths come from code, never from a request; checked anyway, then bound as a text[] parameter.
function field(path: DocumentPath): SQL<string> {
  if (!PATH.test(path)) throw new Error(`not a document path: ${path}`);
  const segments = `{${path.split('.').join(',')}}`;
  return sql<string>`(coalesce(${schema.entries.data}->'doc', ${schema.entries.data}) #>> ${segments}::text[])`;
}

/**
 * A numbered page of a folder's documents of one schema (bare or in an envelope), newest first,
 * filtered on the document's own fields: the console's invoice list.
 */
export async function findDocuments(
  db: Db,
  ownerId: string,
  options: FindDocumentsOptions,
): Promise<EntryPage> {
  const entries = schema.entries;
  const conditions: SQL[] = [
    eq(entries.ownerId, ownerId),
    eq(entries.folder, options.folder),
    eq(entries.docSchema, options.docSchema),
  ];
  if (options.state) conditions.push(eq(entries.state, options.state));
  for (const [path, value] of Object.entries(options.equals ?? {}))
    conditions.push(sql`${field(path)} = ${value}`);
  for (const [path, value] of Object.entries(options.digitsEqual ?? {}))
    conditions.push(
      sql`ltrim(regexp_replace(${field(path)}, '[^0-9]', '', 'g'), '0') = ${value.replace(/\D/g, '').replace(/^0+/, '')}`,
    );
  const { between } = options;
  if (between?.from) conditions.push(sql`${field(between.path)} >= ${between.from}`);
  if (between?.to) conditions.push(sql`${field(between.path)} <= ${between.to}`);
  // PostgreSQL text cannot hold NUL: a pasted %00 searches for the rest.
  const text = options.search?.text.replaceAll('\u0000', '').trim();
  if (text && options.search?.paths.length)
    conditions.push(
      or(
        ...options.search.paths.map((path) => sql`${field(path)} ilike ${`%${escapeLike(text)}%`}`),
      )!,
    );
  return entryPage(db, and(...conditions), options);
}
