import type { Signer } from './workspace-signer';

type Json = Record<string, unknown>;

/**
 * The envelope with its `sigs` as GOBL signs one: a JWS over the envelope's `head`. Signatures
 * already there are dropped: they were made over a head that building may have changed.
 */
export function signEnvelope(signer: Pick<Signer, 'sign'>, envelope: Json): Json {
  return { ...envelope, sigs: [signer.sign(envelope.head ?? {})] };
}
