import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toEntry } from './to-entry';

/** The entry with its meta records, or undefined when this workspace has no such entry. */
export async function getEntry(db: Db, ownerId: string, id: string) {
  const [row] = await db.select().from(schema.entries).where(and(eq(schema.entries.id, id), eq(schema.entries.ownerId, ownerId)));
  if (!row) return undefined;
  const meta = await db.select().from(schema.metaRecords).where(eq(schema.metaRecords.entryId, id)).orderBy(asc(schema.metaRecords.createdAt));
  return toEntry(row, meta);
}

export async function getEntryByKey(db: Db, ownerId: string, key: string) {
  const [row] = await db.select({ id: schema.entries.id }).from(schema.entries).where(and(eq(schema.entries.ownerId, ownerId), eq(schema.entries.key, key)));
  return row ? getEntry(db, ownerId, row.id) : undefined;
}
