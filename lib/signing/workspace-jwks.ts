import 'server-only';
import type { Db } from '@/lib/db';
import type { PublicJwk } from './new-signing-key';
import { workspaceKey } from './workspace-key';

/**
 * The workspace's public keys as a JWK set (RFC 7517 §5), for a receiver to verify its envelopes'
 * `sigs` by their `kid`. Made on first use, so the key can be fetched before the first signature.
 */
export async function workspaceJwks(db: Db, ownerId: string): Promise<{ keys: PublicJwk[] }> {
  const row = await workspaceKey(db, ownerId);
  return { keys: [row.publicJwk as PublicJwk] };
}
