import type { X509Certificate } from 'node:crypto';
import type { ArcaEnvironment } from './types';

export interface CertificateSummary {
  subject: string;
  /** The 11 digits of the subject's `serialNumber=CUIT …`, when present. */
  cuit: string | null;
  /** The subject CN: the alias chosen in ARCA. */
  alias: string | null;
  issuer: string;
  environment: ArcaEnvironment | null;
  not_before: string;
  not_after: string;
  /** SHA-256 of the DER, upper-case hex pairs joined by colons (as openssl prints it). */
  fingerprint: string;
}

/** Attribute values of a node X509Certificate name (`CN=a\nserialNumber=b` lines). */
export function nameField(name: string, field: string): string | null {
  for (const line of name.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && line.slice(0, at).toLowerCase() === field.toLowerCase())
      return line.slice(at + 1);
  }
  return null;
}

export function cuitFromSubject(subject: string): string | null {
  const serial = nameField(subject, 'serialNumber');
  const match = serial?.match(/^CUIT (\d{11})$/);
  return match ? match[1]! : null;
}

export function summarizeCertificate(
  certificate: X509Certificate,
  environment: ArcaEnvironment | null,
): CertificateSummary {
  return {
    subject: certificate.subject.split('\n').join(', '),
    cuit: cuitFromSubject(certificate.subject),
    alias: nameField(certificate.subject, 'CN'),
    issuer: certificate.issuer.split('\n').join(', '),
    environment,
    not_before: new Date(certificate.validFrom).toISOString(),
    not_after: new Date(certificate.validTo).toISOString(),
    fingerprint: certificate.fingerprint256,
  };
}
