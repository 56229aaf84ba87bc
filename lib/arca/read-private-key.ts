import { createPrivateKey, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import { classifyDer, derExtent } from './classify-der';
import { decryptPrivateKey, type EncryptedKey } from './decrypt-off-thread';
import { encryptedKeyAlgorithm, encryptionCost } from './key-encryption-cost';
import { asText, pemBlocks, toPem } from './pem-blocks';
import { MAX_INPUT_BYTES } from './read-certificate';

export type KeyIntakeCode =
  | 'key_empty'
  | 'key_too_large'
  | 'key_is_certificate'
  | 'key_is_csr'
  | 'key_password_required'
  | 'key_password_wrong'
  | 'key_too_costly'
  | 'key_busy'
  | 'key_not_rsa'
  | 'key_unsupported'
  | 'key_garbage';

export interface ReadPrivateKey {
  ok: true;
  key: KeyObject;
  /** PKCS#8 PEM, unencrypted: seal it before storing. */
  pkcs8Pem: string;
  modulusLength: number;
}

type KeyIntakeResult = ReadPrivateKey | { ok: false; code: KeyIntakeCode };

type Source =
  | { plain: { pem: string } | { der: Buffer } }
  | { encrypted: EncryptedKey; algorithm?: asn1js.AsnType };

/**
 * Reads a bring-your-own private key: PKCS#1 or PKCS#8, PEM or DER, optionally password-protected.
 * A protected key is opened off the main thread, and only when its key derivation is bounded. Never throws.
 */
export async function readPrivateKey(
  input: string | Uint8Array,
  password?: string,
): Promise<KeyIntakeResult> {
  try {
    const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
    if (size > MAX_INPUT_BYTES) return { ok: false, code: 'key_too_large' };
    const text = asText(input);
    if (text !== undefined && text.trim() === '') return { ok: false, code: 'key_empty' };
    const source = text === undefined ? fromDer(Buffer.from(input as Uint8Array)) : fromText(text);
    if ('code' in source) return { ok: false, code: source.code };
    if ('plain' in source) return finish(plainKey(source.plain));
    return await openEncrypted(source.encrypted, source.algorithm, password);
  } catch {
    return { ok: false, code: 'key_garbage' };
  }
}

/** Opens an EncryptedPrivateKeyInfo (DER), e.g. the key bag of a PKCS#12 file. */
export async function openEncryptedKeyInfo(
  der: Buffer,
  password: string,
): Promise<KeyIntakeResult> {
  const algorithm = encryptedKeyAlgorithm(der);
  if (!algorithm) return { ok: false, code: 'key_garbage' };
  return openEncrypted({ der }, algorithm, password);
}

/** Wraps an unencrypted key already in hand (a PKCS#12 key bag) with the same checks. */
export function acceptPlainKey(der: Buffer): KeyIntakeResult {
  return finish(plainKey({ der }));
}

function fromText(text: string): Source | { code: KeyIntakeCode } {
  const blocks = pemBlocks(text);
  const key = blocks.find((b) => /PRIVATE KEY$/.test(b.label));
  if (!key) {
    if (blocks.some((b) => /CERTIFICATE REQUEST$/.test(b.label))) return { code: 'key_is_csr' };
    return {
      code: blocks.some((b) => b.label.includes('CERTIFICATE'))
        ? 'key_is_certificate'
        : 'key_garbage',
    };
  }
  if (key.label === 'ENCRYPTED PRIVATE KEY')
    return { encrypted: { der: key.der }, algorithm: encryptedKeyAlgorithm(key.der) };
  const pem = toPem(key.label, key.der).replace(
    '-----\n',
    `-----\n${key.headers ? key.headers + '\n\n' : ''}`,
  );
  // Legacy OpenSSL encryption (Proc-Type: 4,ENCRYPTED) derives its key with one MD5 round: cheap by construction.
  return /ENCRYPTED/.test(key.headers) ? { encrypted: { pem } } : { plain: { pem } };
}

function fromDer(der: Buffer): Source | { code: KeyIntakeCode } {
  if (derExtent(der) !== 'exact') return { code: 'key_garbage' };
  const algorithm = encryptedKeyAlgorithm(der);
  if (algorithm) return { encrypted: { der }, algorithm };
  const kind = classifyDer(der);
  if (kind.kind === 'certificate') return { code: 'key_is_certificate' };
  if (kind.kind === 'csr') return { code: 'key_is_csr' };
  return { plain: { der } };
}

async function openEncrypted(
  key: EncryptedKey,
  algorithm: asn1js.AsnType | undefined,
  password: string | undefined,
): Promise<KeyIntakeResult> {
  if ('der' in key) {
    if (!algorithm) return { ok: false, code: 'key_garbage' };
    const cost = encryptionCost(algorithm);
    if (cost !== 'bounded')
      return { ok: false, code: cost === 'too_costly' ? 'key_too_costly' : 'key_unsupported' };
  }
  if (!password) return { ok: false, code: 'key_password_required' };
  const opened = await decryptPrivateKey(key, password);
  if (opened.ok) return finish(plainKey({ der: opened.der }));
  const codes = {
    wrong_password: 'key_password_wrong',
    unsupported: 'key_unsupported',
    busy: 'key_busy',
  } as const;
  return { ok: false, code: codes[opened.reason] };
}

// Without a passphrase Node never runs a key derivation: an encrypted key here simply fails to load.
function plainKey(source: { pem: string } | { der: Buffer }): KeyObject | undefined {
  if ('pem' in source) return attempt(() => createPrivateKey({ key: source.pem, format: 'pem' }));
  return (
    attempt(() => createPrivateKey({ key: source.der, format: 'der', type: 'pkcs8' })) ??
    attempt(() => createPrivateKey({ key: source.der, format: 'der', type: 'pkcs1' }))
  );
}

function attempt(load: () => KeyObject): KeyObject | undefined {
  try {
    return load();
  } catch {
    return undefined;
  }
}

function finish(key: KeyObject | undefined): KeyIntakeResult {
  if (!key) return { ok: false, code: 'key_garbage' };
  if (key.asymmetricKeyType !== 'rsa') return { ok: false, code: 'key_not_rsa' };
  const pkcs8Pem = key.export({ type: 'pkcs8', format: 'pem' }) as string;
  return { ok: true, key, pkcs8Pem, modulusLength: key.asymmetricKeyDetails?.modulusLength ?? 0 };
}
