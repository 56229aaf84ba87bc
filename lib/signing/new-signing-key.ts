import 'server-only';
import { generateKeyPairSync, randomUUID } from 'node:crypto';

/** A public JSON Web Key as GOBL's dsig publishes one: EC P-256, ES256, identified by a UUID. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/** A new ES256 key pair as GOBL makes one (dsig.NewES256Key): P-256, its id a random UUID. */
export function newSigningKey(): { kid: string; publicJwk: PublicJwk; privatePkcs8: Buffer } {
  const kid = randomUUID();
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  return {
    kid,
    publicJwk: { kty: 'EC', crv: 'P-256', x: x!, y: y!, kid, alg: 'ES256', use: 'sig' },
    privatePkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }),
  };
}
