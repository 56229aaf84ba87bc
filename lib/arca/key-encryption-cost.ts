import * as asn1js from 'asn1js';

export type EncryptionCost = 'bounded' | 'too_costly' | 'unsupported';

// Real tools stay far below these: OpenSSL writes PBKDF2 with 2,048 iterations, Java's keytool 10,000
// (PKCS#12), and OpenSSL's scrypt default is N=16384, r=8, p=1 (16 MiB). The limits leave room above
// those and keep one decryption around a tenth of a second.
export const MAX_PBE_ITERATIONS = 100_000;
export const MAX_SCRYPT_WORK = 2 ** 18; // N·r·p, twice OpenSSL's default
export const MAX_SCRYPT_MEMORY = 32 * 1024 * 1024; // 128·N·r bytes

const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';
const SCRYPT = '1.3.6.1.4.1.11591.4.11';
// PBES1 (PKCS#5 v1.5) and PKCS#12's own PBE schemes: SEQUENCE { salt, iterations }.
const SALT_AND_ITERATIONS = /^1\.2\.840\.113549\.1\.(5\.(1|3|4|6|10|11)|12\.1\.[1-6])$/;

/**
 * How much work the password-based encryption named by an AlgorithmIdentifier asks for, read before
 * any key derivation runs: whoever made the file chose those parameters.
 */
export function encryptionCost(algorithm: asn1js.AsnType | undefined): EncryptionCost {
  const [oid, params] = algorithmParts(algorithm);
  if (oid === PBES2) {
    const kdf = params instanceof asn1js.Sequence ? params.valueBlock.value[0] : undefined;
    return kdfCost(kdf);
  }
  if (oid && SALT_AND_ITERATIONS.test(oid)) return iterationsCost(sequenceItem(params, 1));
  return 'unsupported';
}

/** The cost of a PKCS#12 MAC: MacData's iterations (DEFAULT 1). */
export function iterationsCost(value: asn1js.AsnType | undefined): EncryptionCost {
  const count = value === undefined ? 1 : smallInteger(value);
  if (count === undefined || count > MAX_PBE_ITERATIONS) return 'too_costly';
  return count >= 1 ? 'bounded' : 'unsupported';
}

function kdfCost(kdf: asn1js.AsnType | undefined): EncryptionCost {
  const [oid, params] = algorithmParts(kdf);
  if (oid === PBKDF2) return iterationsCost(sequenceItem(params, 1));
  if (oid !== SCRYPT) return 'unsupported';
  const [n, r, p] = [1, 2, 3].map((i) => smallInteger(sequenceItem(params, i)));
  if (n === undefined || r === undefined || p === undefined) return 'too_costly';
  if (n < 2 || r < 1 || p < 1) return 'unsupported';
  return n * r * p <= MAX_SCRYPT_WORK && 128 * n * r <= MAX_SCRYPT_MEMORY ? 'bounded' : 'too_costly';
}

function algorithmParts(node: asn1js.AsnType | undefined): [string | undefined, asn1js.AsnType | undefined] {
  if (!(node instanceof asn1js.Sequence)) return [undefined, undefined];
  const [oid, params] = node.valueBlock.value;
  return [oid instanceof asn1js.ObjectIdentifier ? oid.valueBlock.toString() : undefined, params];
}

function sequenceItem(node: asn1js.AsnType | undefined, index: number): asn1js.AsnType | undefined {
  return node instanceof asn1js.Sequence ? node.valueBlock.value[index] : undefined;
}

// Undefined for anything that is not an INTEGER or does not fit in 48 bits (never a real count).
function smallInteger(node: asn1js.AsnType | undefined): number | undefined {
  if (!(node instanceof asn1js.Integer)) return undefined;
  const bytes = node.valueBlock.valueHexView;
  if (bytes.length > 6) return undefined;
  return Number(node.toBigInt());
}
