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
  /**
   * Part of any of `paths`' text, case-insensitive; or, when the text is digits and separators, part
   * of any of `digitPaths`' digits (a CUIT searched with or without its hyphens, whichever way it
   * was stored); or any of `digitsEqualAny`, each matched as `digitsEqual` is (a voucher number
   * typed as printed, `0002-00000124`).
   */
  search?: {
    paths: DocumentPath[];
    text: string;
    digitPaths?: DocumentPath[];
    digitsEqualAny?: Record<DocumentPath, string>[];
  };
  page: number;
  pageSize: number;
}

const PATH = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// Case and accents aside, so «panaderia» finds «Panadería». Upper case is listed too: lower() leaves
// non-ASCII letters as they are under the C locale (PGlite's).
const ACCENTED = 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
const UNACCENTED = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
const folded = (value: SQL<string>) => sql`translate(lower(${value}), ${ACCENTED}, ${UNACCENTED})`;
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

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
  conditions.push(...digitsEqual(options.digitsEqual ?? {}));
  const { between } = options;
  if (between?.from) conditions.push(sql`${field(between.path)} >= ${between.from}`);
  if (between?.to) conditions.push(sql`${field(between.path)} <= ${between.to}`);
  // PostgreSQL text cannot hold NUL: a pasted %00 searches for the rest.
  const text = options.search?.text.replaceAll('\u0000', '').trim();
  if (text && options.search) {
    const { paths, digitPaths = [], digitsEqualAny = [] } = options.search;
    const digits = DIGITS_AND_SEPARATORS.test(text) ? text.replace(/\D/g, '') : '';
    const alternatives = [
      ...paths.map((path) => sql`${folded(field(path))} like ${`%${escapeLike(fold(text))}%`}`),
      ...(digits
        ? digitPaths.map(
            (path) => sql`regexp_replace(${field(path)}, '[^0-9]', '', 'g') like ${`%${digits}%`}`,
          )
        : []),
      ...digitsEqualAny
        .filter((equal) => Object.keys(equal).length > 0)
        .map((equal) => and(...digitsEqual(equal))!),
    ];
    if (alternatives.length) conditions.push(or(...alternatives)!);
  }
  return entryPage(db, and(...conditions), options);
}

const DIGITS_AND_SEPARATORS = /^[\d\s./-]*\d[\d\s./-]*$/;

/** Each path's digits equal its value's, leading zeros aside. */
function digitsEqual(equal: Record<DocumentPath, string>): SQL[] {
  return Object.entries(equal).map(
    ([path, value]) =>
      sql`ltrim(regexp_replace(${field(path)}, '[^0-9]', '', 'g'), '0') = ${value.replace(/\D/g, '').replace(/^0+/, '')}`,
  );
}
