import type { X509Certificate } from 'node:crypto';
import { classifyDer } from './classify-der';
import { asText, bareBase64, pemBlocks, toPem } from './pem-blocks';
import { MAX_INPUT_BYTES } from '@/lib/limits';

export { MAX_INPUT_BYTES };

export type IntakeCode =
  | 'input_empty'
  | 'input_too_large'
  | 'input_private_key'
  | 'input_csr'
  | 'input_ca_certificate'
  | 'input_several_certificates'
  | 'input_pkcs12'
  | 'input_trailing_bytes'
  | 'input_garbage';

export type IntakeNotice = 'input_chain_end_entity';

export interface ReadCertificate {
  ok: true;
  certificate: X509Certificate;
  pem: string;
  der: Buffer;
  /** Things worth telling the user although the certificate was read, e.g. a chain was pasted. */
  notices: IntakeNotice[];
}

const CERT_LABELS = new Set([
  'CERTIFICATE',
  'X509 CERTIFICATE',
  'TRUSTED CERTIFICATE',
  'PKCS7',
  'CERTIFICATE CHAIN',
]);
const KEY_LABELS = /PRIVATE KEY$/;
const CSR_LABELS = new Set(['CERTIFICATE REQUEST', 'NEW CERTIFICATE REQUEST']);

/**
 * Reads a certificate as uploaded or pasted: PEM (any line endings, UTF-8 or UTF-16, surrounding
 * text), DER, or a .p7b (PKCS#7, certificates only), at most 64 KB. Never throws: anything
 * unreadable becomes a code the wizard explains.
 */
export function readCertificate(
  input: string | Uint8Array,
): ReadCertificate | { ok: false; code: IntakeCode } {
  try {
    const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
    if (size > MAX_INPUT_BYTES) return { ok: false, code: 'input_too_large' };
    const text = asText(input);
    if (text !== undefined && text.trim() === '') return { ok: false, code: 'input_empty' };
    const ders = text === undefined ? [Buffer.from(input as Uint8Array)] : candidates(text);
    if ('code' in ders) return { ok: false, code: ders.code };
    return pick(ders);
  } catch {
    return { ok: false, code: 'input_garbage' };
  }
}

function candidates(text: string): Buffer[] | { code: IntakeCode } {
  const blocks = pemBlocks(text);
  const certs = blocks.filter((b) => CERT_LABELS.has(b.label)).map((b) => b.der);
  if (certs.length) return certs;
  if (blocks.some((b) => KEY_LABELS.test(b.label))) return { code: 'input_private_key' };
  if (blocks.some((b) => CSR_LABELS.has(b.label))) return { code: 'input_csr' };
  if (blocks.length) return { code: 'input_garbage' };
  const der = bareBase64(text);
  return der ? [der] : { code: 'input_garbage' };
}

function pick(ders: Buffer[]): ReadCertificate | { ok: false; code: IntakeCode } {
  const certs: { der: Buffer; certificate: X509Certificate }[] = [];
  const found = ders.flatMap((der) => {
    const kind = classifyDer(der);
    return kind.kind === 'certificates'
      ? kind.ders.map((d) => ({ der: d, kind: classifyDer(d) }))
      : [{ der, kind }];
  });
  for (const { der, kind } of found) {
    if (kind.kind === 'certificate') certs.push({ der, certificate: kind.certificate });
    else if (ders.length === 1 && found.length === 1)
      return { ok: false, code: REFUSALS[kind.kind] ?? 'input_garbage' };
  }
  if (!certs.length) return { ok: false, code: 'input_garbage' };
  const leaves = certs.filter((c) => !c.certificate.ca);
  if (!leaves.length) return { ok: false, code: 'input_ca_certificate' };
  if (leaves.length > 1) return { ok: false, code: 'input_several_certificates' };
  const leaf = leaves[0]!;
  const notices: IntakeNotice[] = certs.length > 1 ? ['input_chain_end_entity'] : [];
  return {
    ok: true,
    certificate: leaf.certificate,
    der: leaf.der,
    pem: toPem('CERTIFICATE', leaf.der),
    notices,
  };
}

const REFUSALS: Partial<Record<ReturnType<typeof classifyDer>['kind'], IntakeCode>> = {
  private_key: 'input_private_key',
  csr: 'input_csr',
  pkcs12: 'input_pkcs12',
  trailing_bytes: 'input_trailing_bytes',
};
