import 'server-only';
import { createPrivateKey } from 'node:crypto';
import { getMasterKeyring, openSecret } from '@/lib/crypto';
import type { Db } from '@/lib/db';
import type { PublicJwk } from './new-signing-key';
import { signingKeyAssociatedData } from './seal';
import { signCompactJws } from './sign-compact-jws';
import { workspaceKey } from './workspace-key';

/** Signs with the workspace's key: `sign` returns a JWS (compact) over the JSON of its payload. */
export interface Signer {
  kid: string;
  publicJwk: PublicJwk;
  sign(payload: unknown): string;
}

/** A signer with the workspace's key (made on first use); the private key never leaves it. */
export async function workspaceSigner(db: Db, ownerId: string): Promise<Signer> {
  const row = await workspaceKey(db, ownerId);
  const key = createPrivateKey({
    key: openSecret(
      row.privateKeySealed,
      getMasterKeyring(),
      signingKeyAssociatedData(ownerId, row.kid),
    ),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    kid: row.kid,
    publicJwk: row.publicJwk as PublicJwk,
    sign: (payload) => signCompactJws(payload, key, row.kid),
  };
}
