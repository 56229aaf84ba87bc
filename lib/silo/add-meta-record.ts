import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toMetaRecord, type MetaRecord } from './entry';

export type NewMetaRecord = Omit<
  typeof schema.metaRecords.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/**
 * Adds the entry's meta record for its source and key once: when one is already there (a step run
 * again), that one is returned unchanged, whatever the new values.
 */
export async function addMetaRecordOnce(db: Db, record: NewMetaRecord): Promise<MetaRecord> {
  const [created] = await db
    .insert(schema.metaRecords)
    .values(record)
    .onConflictDoNothing()
    .returning();
  if (created) return toMetaRecord(created);
  const { metaRecords } = schema;
  const [existing] = await db
    .select()
    .from(metaRecords)
    .where(
      and(
        eq(metaRecords.entryId, record.entryId),
        eq(metaRecords.src, record.src),
        eq(metaRecords.key, record.key),
      ),
    );
  return toMetaRecord(existing!);
}
