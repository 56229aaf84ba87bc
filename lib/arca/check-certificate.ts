import { createPublicKey, type KeyObject, type X509Certificate } from 'node:crypto';
import { normalizeCuit } from './cuit';
import { findChain, type ChainResult } from './find-chain';
import {
  cuitFromSubject,
  summarizeCertificate,
  type CertificateSummary,
} from './summarize-certificate';
import { arcaTrustStore, type TrustStore } from './trust-store';
import { ARCA_ENVIRONMENTS, type ArcaEnvironment, type ArcaOutcome } from './types';

interface CheckCertificateOptions {
  /** The workspace's environment; when absent, the environment the certificate chains to. */
  environment?: ArcaEnvironment;
  /** The entry's CUIT the certificate must name. */
  cuit?: string;
  /** The key the service holds (private or public; PEM or KeyObject): the certificate must carry its public half. */
  key?: KeyObject | string;
  /** The clock, so tests and diagnoses can ask "was it valid then?". */
  now?: Date;
  /** Defaults to ARCA's real CAs; add the simulator's only while it is on. */
  trust?: TrustStore;
}

export interface CertificateVerdict {
  ok: boolean;
  checks: ArcaOutcome[];
  certificate: CertificateSummary;
}

const MIN_RSA_BITS = 2048;

/** Every offline check ARCA's WSAA would apply before granting a ticket, each as a stable code. */
export function checkCertificate(
  certificate: X509Certificate,
  options: CheckCertificateOptions = {},
): CertificateVerdict {
  const trust = options.trust ?? arcaTrustStore();
  const chains = Object.fromEntries(
    ARCA_ENVIRONMENTS.map((env) => [env, findChain(certificate, trust[env])]),
  ) as Record<ArcaEnvironment, ChainResult>;
  const chainedTo = ARCA_ENVIRONMENTS.find((env) => chains[env].status === 'trusted') ?? null;
  const expected = options.environment ?? chainedTo ?? undefined;
  const checks: ArcaOutcome[] = [chainCheck(chains, expected, chainedTo, certificate)];
  const signature = signatureCheck(chains, expected);
  if (signature) checks.push(signature);
  checks.push(cuitCheck(certificate, options.cuit));
  if (options.key) checks.push(keyMatchCheck(certificate, options.key));
  checks.push(validityCheck(certificate, options.now ?? new Date()), keySizeCheck(certificate));
  return {
    ok: checks.every((c) => c.ok),
    checks,
    certificate: summarizeCertificate(certificate, chainedTo),
  };
}

function chainCheck(
  chains: Record<ArcaEnvironment, ChainResult>,
  expected: ArcaEnvironment | undefined,
  chainedTo: ArcaEnvironment | null,
  cert: X509Certificate,
): ArcaOutcome {
  const issuer = cert.issuer.split('\n').join(', ');
  if (expected && chains[expected].status === 'trusted')
    return { code: 'chain_trusted', ok: true, params: { environment: expected, issuer } };
  if (expected && chainedTo && chainedTo !== expected)
    return {
      code: 'chain_other_environment',
      ok: false,
      params: { environment: expected, other: chainedTo, issuer },
    };
  return {
    code: 'chain_untrusted',
    ok: false,
    params: { environment: expected ?? 'sandbox', issuer },
  };
}

// Reported only when an issuer of that name is known: otherwise the chain check already says why.
function signatureCheck(
  chains: Record<ArcaEnvironment, ChainResult>,
  expected: ArcaEnvironment | undefined,
): ArcaOutcome | undefined {
  const results = expected ? [chains[expected], ...Object.values(chains)] : Object.values(chains);
  const known = results.find((r) => r.status !== 'unknown_issuer');
  if (!known) return undefined;
  return known.status === 'trusted'
    ? { code: 'signature_valid', ok: true }
    : { code: 'signature_invalid', ok: false };
}

function cuitCheck(cert: X509Certificate, expected: string | undefined): ArcaOutcome {
  const found = cuitFromSubject(cert.subject);
  if (!found) return { code: 'cuit_missing', ok: false };
  if (!expected) return { code: 'cuit_found', ok: true, params: { cuit: found } };
  const want = normalizeCuit(expected);
  return found === want
    ? { code: 'cuit_match', ok: true, params: { cuit: found } }
    : { code: 'cuit_mismatch', ok: false, params: { cuit: found, expected: want } };
}

function keyMatchCheck(cert: X509Certificate, key: KeyObject | string): ArcaOutcome {
  try {
    const held = createPublicKey(key).export({ type: 'spki', format: 'der' });
    const inCert = cert.publicKey.export({ type: 'spki', format: 'der' });
    return held.equals(inCert)
      ? { code: 'key_match', ok: true }
      : { code: 'key_mismatch', ok: false };
  } catch {
    return { code: 'key_mismatch', ok: false };
  }
}

function validityCheck(cert: X509Certificate, now: Date): ArcaOutcome {
  const params = {
    not_before: new Date(cert.validFrom).toISOString(),
    not_after: new Date(cert.validTo).toISOString(),
  };
  if (now.getTime() < Date.parse(cert.validFrom))
    return { code: 'validity_not_yet', ok: false, params };
  if (now.getTime() > Date.parse(cert.validTo))
    return { code: 'validity_expired', ok: false, params };
  return { code: 'validity_current', ok: true, params };
}

function keySizeCheck(cert: X509Certificate): ArcaOutcome {
  const key = cert.publicKey;
  if (key.asymmetricKeyType !== 'rsa')
    return { code: 'key_not_rsa', ok: false, params: { type: String(key.asymmetricKeyType) } };
  const bits = String(key.asymmetricKeyDetails?.modulusLength ?? 0);
  return Number(bits) >= MIN_RSA_BITS
    ? { code: 'key_size_ok', ok: true, params: { bits } }
    : { code: 'key_size_small', ok: false, params: { bits } };
}
