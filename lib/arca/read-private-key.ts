import { createPrivateKey, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import { asText, pemBlocks, toPem } from './pem-blocks';
import { MAX_INPUT_BYTES } from './read-certificate';

export type KeyIntakeCode =
  | 'key_empty'
  | 'key_too_large'
  | 'key_is_certificate'
  | 'key_password_required'
  | 'key_password_wrong'
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

// A key-derivation cost above this would let one upload occupy a CPU for seconds.
const MAX_KDF_COST = 1_000_000;

/** Reads a bring-your-own private key: PKCS#1 or PKCS#8 PEM/DER, optionally password-protected. Never throws. */
export function readPrivateKey(input: string | Uint8Array, password?: string): ReadPrivateKey | { ok: false; code: KeyIntakeCode } {
  try {
    const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
    if (size > MAX_INPUT_BYTES) return { ok: false, code: 'key_too_large' };
    const text = asText(input);
    if (text !== undefined && text.trim() === '') return { ok: false, code: 'key_empty' };
    const source = text === undefined ? { der: Buffer.from(input as Uint8Array) } : fromText(text);
    if ('code' in source) return { ok: false, code: source.code };
    if (source.der && kdfTooCostly(source.der)) return { ok: false, code: 'key_unsupported' };
    return load(source, password);
  } catch {
    return { ok: false, code: 'key_garbage' };
  }
}

type Source = { pem?: string; der?: Buffer };

function fromText(text: string): Source | { code: KeyIntakeCode } {
  const blocks = pemBlocks(text);
  const key = blocks.find((b) => /PRIVATE KEY$/.test(b.label));
  if (!key) return { code: blocks.some((b) => b.label.includes('CERTIFICATE')) ? 'key_is_certificate' : 'key_garbage' };
  const pem = toPem(key.label, key.der).replace('-----\n', `-----\n${key.headers ? key.headers + '\n\n' : ''}`);
  return { pem, der: key.label === 'ENCRYPTED PRIVATE KEY' ? key.der : undefined };
}

function load(source: Source, password: string | undefined): ReadPrivateKey | { ok: false; code: KeyIntakeCode } {
  const encrypted = source.pem ? /ENCRYPTED/.test(source.pem) : false;
  let key: KeyObject;
  try {
    key = source.pem
      ? createPrivateKey({ key: source.pem, format: 'pem', passphrase: password ?? '' })
      : derKey(source.der!, password);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (encrypted && !password) return { ok: false, code: 'key_password_required' };
    if (encrypted || /DECRYPT|PASSPHRASE/i.test(code)) return { ok: false, code: password ? 'key_password_wrong' : 'key_password_required' };
    return { ok: false, code: 'key_garbage' };
  }
  if (key.asymmetricKeyType !== 'rsa') return { ok: false, code: 'key_not_rsa' };
  const pkcs8Pem = key.export({ type: 'pkcs8', format: 'pem' }) as string;
  return { ok: true, key, pkcs8Pem, modulusLength: key.asymmetricKeyDetails?.modulusLength ?? 0 };
}

function derKey(der: Buffer, password: string | undefined): KeyObject {
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      return createPrivateKey({ key: der, format: 'der', type, passphrase: password ?? '' });
    } catch {
      /* next */
    }
  }
  throw Object.assign(new Error('not a key'), { code: der.includes(Buffer.from('2a864886f70d01050d', 'hex')) ? 'PASSPHRASE' : '' });
}

// Walks the encryption AlgorithmIdentifier of an EncryptedPrivateKeyInfo and refuses huge counts.
function kdfTooCostly(der: Buffer): boolean {
  const parsed = asn1js.fromBER(new Uint8Array(der));
  if (parsed.offset === -1) return false;
  const algorithm = (parsed.result as asn1js.Sequence).valueBlock?.value?.[0];
  let tooCostly = false;
  const visit = (node: asn1js.AsnType | undefined, depth: number) => {
    if (!node || depth > 8 || tooCostly) return;
    if (node instanceof asn1js.Integer) {
      const view = node.valueBlock.valueHexView;
      if (view.length > 4 || node.valueBlock.valueDec > MAX_KDF_COST) tooCostly = true;
    }
    const children = (node as { valueBlock?: { value?: unknown } }).valueBlock?.value;
    if (Array.isArray(children)) for (const child of children) visit(child as asn1js.AsnType, depth + 1);
  };
  visit(algorithm as asn1js.AsnType | undefined, 0);
  return tooCostly;
}
