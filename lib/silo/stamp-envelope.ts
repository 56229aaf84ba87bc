import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import type { NewMetaRecord } from './add-meta-record';
import { stampUnchangedTogether } from './stamp-unchanged-together';

export interface EnvelopeStamp {
  prv: string;
  val: string;
}

export interface EnvelopeStamping {
  /** The document's `code` (e.g. the voucher number an authority assigned). */
  code?: string;
  /** `tax.ext` keys to add to the document, each only where the document has none. */
  taxExt?: Record<string, string>;
  /** Head stamps: each replaces the stamp of the same `prv`, the rest are kept. */
  stamps: EnvelopeStamp[];
  /** The head's `dig` of the changed document, as the envelope's owner computes it. */
  digest: (doc: Record<string, unknown>) => { alg: string; val: string };
  /**
   * Signs the stamped head (GOBL's `sigs`: a JWS over the head); the envelope's signatures become
   * this one. Without it the envelope keeps none: a signature over the old head no longer holds.
   */
  sign?: (head: Record<string, unknown>) => string;
  /** A meta record written with them (replaced when the entry already has one of its src and key). */
  meta?: Omit<NewMetaRecord, 'ownerId' | 'entryId'>;
  /**
   * The entry's data as the caller last read it. While the entry still holds exactly that, the
   * stamping is written in one statement instead of a locking transaction (read, update, meta),
   * together with the other stampings asked for meanwhile (stampUnchangedTogether).
   */
  readData?: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/**
 * Writes what an authority answered into an envelope entry, as GOBL keeps it: the document's code
 * and extensions, the head's stamps and the digest of the changed document, plus a meta record, in
 * one transaction. Idempotent: the same stamping again leaves the same data (but for a new
 * signature, when signed: ECDSA signatures differ each time, and each verifies over the same head).
 */
export async function stampEnvelope(
  db: Db,
  ownerId: string,
  entryId: string,
  stamping: EnvelopeStamping,
): Promise<void> {
  if (
    stamping.readData &&
    (await stampIfUnchanged(db, ownerId, entryId, stamping.readData, stamping))
  )
    return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ data: schema.entries.data })
      .from(schema.entries)
      .where(and(eq(schema.entries.id, entryId), eq(schema.entries.ownerId, ownerId)))
      .for('update');
    if (!row)
      throw new DomainError({
        kind: 'not_found',
        code: 'entry_not_found',
        detail: 'Entry not found.',
      });
    await tx
      .update(schema.entries)
      .set({ data: stamped(asObject(row.data), stamping), updatedAt: sql`now()` })
      .where(eq(schema.entries.id, entryId));
    if (stamping.meta) await putMetaRecord(tx, { ...stamping.meta, ownerId, entryId });
  });
}

/** The envelope with the stamping applied (and signed when the stamping has a signer). */
function stamped(data: Json, stamping: EnvelopeStamping): Json {
  const doc = { ...asObject(data.doc) };
  if (stamping.code !== undefined) doc.code = stamping.code;
  if (stamping.taxExt) {
    const tax = asObject(doc.tax);
    doc.tax = { ...tax, ext: { ...stamping.taxExt, ...asObject(tax.ext) } };
  }
  const head = asObject(data.head);
  const kept = (Array.isArray(head.stamps) ? (head.stamps as EnvelopeStamp[]) : []).filter(
    (s) => !stamping.stamps.some((n) => n.prv === s.prv),
  );
  const stampedHead = { ...head, dig: stamping.digest(doc), stamps: [...kept, ...stamping.stamps] };
  const { sigs: _stale, ...rest } = data;
  return {
    ...rest,
    head: stampedHead,
    doc,
    ...(stamping.sign ? { sigs: [stamping.sign(stampedHead)] } : {}),
  };
}

async function stampIfUnchanged(
  db: Db,
  ownerId: string,
  entryId: string,
  readData: Json,
  stamping: EnvelopeStamping,
): Promise<boolean> {
  return stampUnchangedTogether(db, {
    ownerId,
    entryId,
    readData,
    data: stamped(readData, stamping),
    meta: stamping.meta,
  });
}

/** Adds the entry's meta record of this src and key, or replaces its value when there is one. */
export async function putMetaRecord(db: Db, record: NewMetaRecord): Promise<void> {
  const { metaRecords } = schema;
  await db
    .insert(metaRecords)
    .values(record)
    .onConflictDoUpdate({
      target: [metaRecords.entryId, metaRecords.src, metaRecords.key],
      set: { value: record.value, updatedAt: sql`now()` },
    });
}
