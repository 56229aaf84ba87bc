import * as asn1js from 'asn1js';
import { readBer } from './read-ber';
import type { DataScheme } from './decrypt-off-thread';

type EncryptionCost = 'bounded' | 'too_costly' | 'unsupported';

// Real tools stay far below these: OpenSSL writes PBKDF2 with 2,048 iterations, Java's keytool 10,000
// (PKCS#12), and OpenSSL's scrypt default is N=16384, r=8, p=1 (16 MiB). The limits leave room above
// those and keep one decryption around a tenth of a second.
export const MAX_PBE_ITERATIONS = 100_000;
const MAX_SCRYPT_WORK = 2 ** 18; // N·r·p, twice OpenSSL's default
const MAX_SCRYPT_MEMORY = 32 * 1024 * 1024; // 128·N·r bytes

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
  const work = encryptionWork(algorithm);
  if (work === undefined) return 'unsupported';
  return work <= 1 ? 'bounded' : 'too_costly';
}

/**
 * The same work as a share of what one decryption may cost (1 = at a limit above; more = beyond),
 * so the decryptions of one file can share one budget. Undefined for a scheme we do not run.
 */
export function encryptionWork(algorithm: asn1js.AsnType | undefined): number | undefined {
  const [oid, params] = algorithmParts(algorithm);
  if (oid === PBES2) {
    const kdf = params instanceof asn1js.Sequence ? params.valueBlock.value[0] : undefined;
    return kdfWork(kdf);
  }
  if (oid && SALT_AND_ITERATIONS.test(oid)) return iterationsWork(sequenceItem(params, 1));
  return undefined;
}

function iterationsWork(value: asn1js.AsnType | undefined): number | undefined {
  const count = value === undefined ? 1 : smallInteger(value);
  if (count === undefined) return Infinity;
  return count >= 1 ? count / MAX_PBE_ITERATIONS : undefined;
}

function kdfWork(kdf: asn1js.AsnType | undefined): number | undefined {
  const [oid, params] = algorithmParts(kdf);
  if (oid === PBKDF2) return iterationsWork(sequenceItem(params, 1));
  if (oid !== SCRYPT) return undefined;
  const [n, r, p] = [1, 2, 3].map((i) => smallInteger(sequenceItem(params, i)));
  if (n === undefined || r === undefined || p === undefined) return Infinity;
  if (n < 2 || r < 1 || p < 1) return undefined;
  return Math.max((n * r * p) / MAX_SCRYPT_WORK, (128 * n * r) / MAX_SCRYPT_MEMORY);
}

function algorithmParts(
  node: asn1js.AsnType | undefined,
): [string | undefined, asn1js.AsnType | undefined] {
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

const PKCS12_CIPHERS: Record<string, { cipher: string; keyLength: number }> = {
  '1.2.840.113549.1.12.1.3': { cipher: 'des-ede3-cbc', keyLength: 24 },
  '1.2.840.113549.1.12.1.4': { cipher: 'des-ede-cbc', keyLength: 16 },
};
// RC2 and RC4 (pbeWithSHAAnd40BitRC2-CBC is OpenSSL 1.x's default for a .p12's certificates): OpenSSL 3 no longer ships them.
const PKCS12_LEGACY = /^1\.2\.840\.113549\.1\.12\.1\.[1256]$/;
const PBES2_CIPHERS: Record<string, { cipher: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { cipher: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { cipher: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { cipher: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { cipher: 'des-ede3-cbc', keyLength: 24 },
};
const PRFS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

/** The decryption a PKCS#12 EncryptedData asks for, once its cost is known to be bounded. */
export function dataScheme(
  algorithm: asn1js.AsnType | undefined,
): DataScheme | 'too_costly' | 'unsupported' | 'legacy' {
  const cost = encryptionCost(algorithm);
  const [oid, params] = algorithmParts(algorithm);
  if (oid && PKCS12_LEGACY.test(oid)) return cost === 'too_costly' ? cost : 'legacy';
  if (cost !== 'bounded') return cost;
  const pkcs12 = oid ? PKCS12_CIPHERS[oid] : undefined;
  if (pkcs12)
    return {
      kind: 'pkcs12',
      salt: octets(sequenceItem(params, 0)),
      iterations: smallInteger(sequenceItem(params, 1))!,
      ...pkcs12,
    };
  if (oid !== PBES2) return 'unsupported';
  const [kdfOid, kdfParams] = algorithmParts(sequenceItem(params, 0));
  const [cipherOid, iv] = algorithmParts(sequenceItem(params, 1));
  const cipher = cipherOid ? PBES2_CIPHERS[cipherOid] : undefined;
  if (!cipher || !(iv instanceof asn1js.OctetString)) return 'unsupported';
  const salt = octets(sequenceItem(kdfParams, 0));
  const common = { kind: 'pbes2' as const, salt, iv: iv.valueBlock.valueHexView, ...cipher };
  if (kdfOid === SCRYPT) {
    const [N, r, p] = [1, 2, 3].map((i) => smallInteger(sequenceItem(kdfParams, i))!);
    return { ...common, kdf: 'scrypt', N: N!, r: r!, p: p! };
  }
  const prfNode = (kdfParams as asn1js.Sequence).valueBlock.value
    .slice(2)
    .find((n) => n instanceof asn1js.Sequence);
  const prf = prfNode ? PRFS[algorithmParts(prfNode)[0] ?? ''] : 'sha1';
  if (!prf) return 'unsupported';
  return { ...common, kdf: 'pbkdf2', prf, iterations: smallInteger(sequenceItem(kdfParams, 1))! };
}

function octets(node: asn1js.AsnType | undefined): Uint8Array {
  return node instanceof asn1js.OctetString ? node.valueBlock.valueHexView : new Uint8Array();
}

/**
 * The encryption AlgorithmIdentifier when the bytes are an EncryptedPrivateKeyInfo
 * (SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }), else undefined.
 */
export function encryptedKeyAlgorithm(der: Uint8Array): asn1js.AsnType | undefined {
  const parsed = readBer(der);
  if (!parsed || !(parsed.result instanceof asn1js.Sequence)) return undefined;
  const [algorithm, data, ...rest] = parsed.result.valueBlock.value;
  const looksLikeIt =
    algorithm instanceof asn1js.Sequence &&
    algorithm.valueBlock.value[0] instanceof asn1js.ObjectIdentifier &&
    data instanceof asn1js.OctetString &&
    rest.length === 0;
  return looksLikeIt ? algorithm : undefined;
}
