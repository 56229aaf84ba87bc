import * as asn1js from 'asn1js';
import { readBer } from './read-ber';
import { decryptData } from './decrypt-off-thread';
import { dataScheme, encryptedKeyAlgorithm, encryptionWork } from './key-encryption-cost';
import { toPem } from './pem-blocks';
import {
  MAX_INPUT_BYTES,
  readCertificate,
  type IntakeCode,
  type ReadCertificate,
} from './read-certificate';
import {
  acceptPlainKey,
  openEncryptedKeyInfo,
  type KeyIntakeCode,
  type ReadPrivateKey,
} from './read-private-key';

export type Pkcs12Code = 'key_pkcs12_legacy' | 'key_pkcs12_incomplete';
type Pkcs12Result =
  | { ok: true; certificate: ReadCertificate; key: ReadPrivateKey }
  | { ok: false; code: KeyIntakeCode | IntakeCode | Pkcs12Code };

const DATA = '1.2.840.113549.1.7.1';
const ENCRYPTED_DATA = '1.2.840.113549.1.7.6';
const KEY_BAG = '1.2.840.113549.1.12.10.1.1';
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const X509_CERTIFICATE = '1.2.840.113549.1.9.22.1';
const MAX_BAGS = 16;
// One file's decryptions share one budget: a certificate and its key take two encrypted contents
// (OpenSSL, Windows and Java make no more), together costing at most what one decryption may cost.
const MAX_ENCRYPTED_CONTENTS = 2;
const MAX_FILE_WORK = 1;

const DECRYPT_FAILURE_CODES = {
  busy: 'key_busy',
  unsupported: 'key_unsupported',
  wrong_password: 'key_password_wrong',
} as const;

/** What a file's decryptions have spent: each is charged before its key derivation runs. */
class DecryptionBudget {
  private contents = 0;
  private work = 0;
  charge(algorithm: asn1js.AsnType | undefined): boolean {
    const work = encryptionWork(algorithm) ?? 0;
    if (this.contents + 1 > MAX_ENCRYPTED_CONTENTS || this.work + work > MAX_FILE_WORK)
      return false;
    this.contents += 1;
    this.work += work;
    return true;
  }
}

/**
 * The certificate and private key of a PKCS#12 (.p12/.pfx) file. Every password-based decryption is
 * bounded before it runs and runs on the worker thread; the certificate goes through readCertificate
 * (a chain in the file is fine) and the key through the same checks as a separate key file.
 */
export async function readPkcs12(der: Buffer, password: string | undefined): Promise<Pkcs12Result> {
  if (der.byteLength > MAX_INPUT_BYTES) return { ok: false, code: 'key_too_large' };
  const contents = authenticatedSafe(der);
  if (!contents) return { ok: false, code: 'key_garbage' };
  if (!password) return { ok: false, code: 'key_password_required' };
  if (contents.filter((info) => parts(info)[0] === ENCRYPTED_DATA).length > MAX_ENCRYPTED_CONTENTS)
    return { ok: false, code: 'key_too_costly' };
  const certificates: Buffer[] = [];
  let key: ReadPrivateKey | undefined;
  const budget = new DecryptionBudget();
  for (const info of contents) {
    const safeContents = await openContentInfo(info, password, budget);
    if ('code' in safeContents) return { ok: false, code: safeContents.code };
    for (const bag of safeContents.bags) {
      const [bagId, bagValue] = parts(bag);
      const value =
        bagValue instanceof asn1js.Constructed ? bagValue.valueBlock.value[0] : undefined;
      if (!value) continue;
      if (bagId === CERT_BAG) {
        const [certType, certValue] = parts(value);
        const octets =
          certValue instanceof asn1js.Constructed ? certValue.valueBlock.value[0] : undefined;
        if (certType === X509_CERTIFICATE && octets instanceof asn1js.OctetString)
          certificates.push(Buffer.from(octets.getValue()));
      } else if ((bagId === KEY_BAG || bagId === SHROUDED_KEY_BAG) && !key) {
        const bagDer = Buffer.from(value.toBER());
        if (bagId === SHROUDED_KEY_BAG && !budget.charge(encryptedKeyAlgorithm(bagDer)))
          return { ok: false, code: 'key_too_costly' };
        const read =
          bagId === KEY_BAG ? acceptPlainKey(bagDer) : await openEncryptedKeyInfo(bagDer, password);
        if (!read.ok) return read;
        key = read;
      }
    }
  }
  if (!key || !certificates.length) return { ok: false, code: 'key_pkcs12_incomplete' };
  const certificate = readCertificate(certificates.map((c) => toPem('CERTIFICATE', c)).join(''));
  return certificate.ok ? { ok: true, certificate, key } : certificate;
}

// PFX ::= SEQUENCE { version, authSafe ContentInfo { data, [0] OCTET STRING (AuthenticatedSafe) }, macData }.
function authenticatedSafe(der: Buffer): asn1js.AsnType[] | undefined {
  const pfx = readBer(new Uint8Array(der))?.result;
  const authSafe = pfx instanceof asn1js.Sequence ? pfx.valueBlock.value[1] : undefined;
  const content = contentOf(authSafe, DATA);
  if (!content) return undefined;
  const safe = readBer(content)?.result;
  if (!(safe instanceof asn1js.Sequence) || safe.valueBlock.value.length > MAX_BAGS)
    return undefined;
  return safe.valueBlock.value;
}

async function openContentInfo(
  info: asn1js.AsnType,
  password: string,
  budget: DecryptionBudget,
): Promise<{ bags: asn1js.AsnType[] } | { code: KeyIntakeCode | Pkcs12Code }> {
  const [type, wrapped] = parts(info);
  let der: Uint8Array | undefined;
  if (type === DATA) der = contentOf(info, DATA);
  else if (type === ENCRYPTED_DATA) {
    // EncryptedData ::= SEQUENCE { version, EncryptedContentInfo ::= SEQUENCE { type, algorithm, [0] IMPLICIT OCTET STRING } }
    const encrypted =
      wrapped instanceof asn1js.Constructed ? wrapped.valueBlock.value[0] : undefined;
    const contentInfo =
      encrypted instanceof asn1js.Sequence ? encrypted.valueBlock.value[1] : undefined;
    const [, algorithm, ciphertext] =
      contentInfo instanceof asn1js.Sequence ? contentInfo.valueBlock.value : [];
    const scheme = dataScheme(algorithm);
    if (scheme === 'legacy') return { code: 'key_pkcs12_legacy' };
    if (scheme === 'too_costly') return { code: 'key_too_costly' };
    if (scheme === 'unsupported' || !ciphertext) return { code: 'key_unsupported' };
    if (!budget.charge(algorithm)) return { code: 'key_too_costly' };
    const decrypted = await decryptData(scheme, implicitOctets(ciphertext), password);
    if (!decrypted.ok) return { code: DECRYPT_FAILURE_CODES[decrypted.reason] };
    der = decrypted.der;
  }
  if (!der) return { code: 'key_garbage' };
  const safeContents = readBer(der)?.result;
  if (!(safeContents instanceof asn1js.Sequence))
    return { code: type === ENCRYPTED_DATA ? 'key_password_wrong' : 'key_garbage' };
  return { bags: safeContents.valueBlock.value.slice(0, MAX_BAGS) };
}

function parts(node: asn1js.AsnType | undefined): [string | undefined, asn1js.AsnType | undefined] {
  if (!(node instanceof asn1js.Sequence)) return [undefined, undefined];
  const [oid, value] = node.valueBlock.value;
  return [oid instanceof asn1js.ObjectIdentifier ? oid.valueBlock.toString() : undefined, value];
}

// ContentInfo { type, [0] EXPLICIT OCTET STRING }: the octets, joined when the string was sent in pieces (BER).
function contentOf(info: asn1js.AsnType | undefined, type: string): Uint8Array | undefined {
  const [oid, wrapped] = parts(info);
  const octets = wrapped instanceof asn1js.Constructed ? wrapped.valueBlock.value[0] : undefined;
  return oid === type && octets instanceof asn1js.OctetString
    ? new Uint8Array(octets.getValue())
    : undefined;
}

function implicitOctets(node: asn1js.AsnType): Uint8Array {
  if (node instanceof asn1js.Constructed)
    return Buffer.concat(
      node.valueBlock.value.map((part) =>
        Buffer.from((part as asn1js.Primitive).valueBlock.valueHexView),
      ),
    );
  return (node as asn1js.Primitive).valueBlock.valueHexView;
}
