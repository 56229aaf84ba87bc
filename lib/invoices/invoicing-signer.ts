import 'server-only';
import type { Db } from '@/lib/db';
import { workspaceSigner, type Signer } from '@/lib/signing';
import { remember } from './arca-session';

// The workspace's signer (a read of its sealed key, opened with the master key) is kept per process
// for a few seconds, as the supplier is: a burst stamps hundreds of approvals a second for one
// workspace. A workspace's signing key never changes (a re-seal changes only how it is stored).
const SIGNER_TTL_MS = 10_000;
const signers = new Map<string, { signer: Signer; until: number }>();

/** workspaceSigner, briefly kept per process. */
export async function invoicingSigner(db: Db, ownerId: string, now = Date.now()): Promise<Signer> {
  const kept = signers.get(ownerId);
  if (kept && kept.until > now) return kept.signer;
  const signer = await workspaceSigner(db, ownerId);
  remember(signers, ownerId, { signer, until: now + SIGNER_TTL_MS }, now);
  return signer;
}
