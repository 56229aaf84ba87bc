import 'server-only';
import type { Db } from '@/lib/db';
import { signEnvelope, workspaceSigner } from '@/lib/signing';
import { buildInvoiceDocument } from './build-invoice-document';

/**
 * Builds an invoice as `POST /silo/v1/gobl/build` does, always in an envelope, and signs it with
 * the workspace's key as GOBL signs (`sigs`: a JWS over the head). Stores nothing.
 */
export async function signInvoiceDocument(
  db: Db,
  ownerId: string,
  data: unknown,
): Promise<Record<string, unknown>> {
  const envelope = await buildInvoiceDocument(db, ownerId, data, true);
  return signEnvelope(await workspaceSigner(db, ownerId), envelope);
}
