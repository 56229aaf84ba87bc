import { requestHash } from '@/lib/idempotency';

/**
 * The envelope head's `dig` of an invoice document: sha256 of its canonical JSON (keys sorted at
 * every level), the same canonical form the idempotency hash uses. Recompute it whenever the doc
 * changes (its number and type when ARCA approves it).
 */
export function invoiceDigest(doc: Record<string, unknown>): { alg: 'sha256'; val: string } {
  return { alg: 'sha256', val: requestHash(doc) };
}
