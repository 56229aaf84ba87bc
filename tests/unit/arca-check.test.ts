import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  arcaTrustStore,
  checkCertificate,
  explainOutcome,
  generateKeyPair,
  isKnownCode,
  readCertificate,
  type CertificateVerdict,
} from '@/lib/arca';
import { createCa } from '@/lib/arca-simulator';
import { findChain } from '@/lib/arca/find-chain';
import {
  createTestPki,
  INSIDE_REAL_VALIDITY,
  REAL_CUIT,
  realCertPem,
  realKeyPem,
  type TestPki,
} from '../fixtures/arca/pki';
import { REAL_CERTIFICATE, REAL_KEY } from '../support/shared-afip';
import { describeWithSharedAfip } from '../support/shared-afip-suite';

const real = () => {
  const read = readCertificate(realCertPem());
  if (!read.ok) throw new Error(read.code);
  return read.certificate;
};
const codes = (v: CertificateVerdict) => v.checks.map((c) => c.code);
const failing = (v: CertificateVerdict) => v.checks.filter((c) => !c.ok).map((c) => c.code);

describe('ARCA CA chains shipped in lib/arca/ca', () => {
  it('chain each issuing CA to its root', () => {
    const store = arcaTrustStore();
    const load = (f: string) => new X509Certificate(readFileSync(`lib/arca/ca/${f}`));
    const sandboxIssuing = load('homologacion-issuing-computadores-test-2022-2030.pem');
    const liveIssuing = load('produccion-issuing-computadores-2024-2035.pem');
    expect(findChain(sandboxIssuing, store.sandbox)).toMatchObject({ status: 'trusted' });
    expect(findChain(liveIssuing, store.live)).toMatchObject({ status: 'trusted' });
    expect(findChain(sandboxIssuing, store.live)).toEqual({ status: 'unknown_issuer' });
    expect(sandboxIssuing.subject).toBe('CN=Computadores Test\nO=AFIP\nC=AR');
    expect(liveIssuing.issuer).toBe('CN=AFIP Root CA 2\nO=AFIP\nC=AR');
  });
});

describeWithSharedAfip(
  [REAL_CERTIFICATE, REAL_KEY],
  'checkCertificate with the real expired sandbox certificate',
  () => {
    it('reads its CUIT, chains it to Computadores Test and reports it expired with its date', () => {
      const verdict = checkCertificate(real(), {
        cuit: REAL_CUIT,
        key: realKeyPem(),
        environment: 'sandbox',
        now: new Date('2026-11-22T00:00:00Z'),
      });
      expect(verdict.ok).toBe(false);
      expect(failing(verdict)).toEqual(['validity_expired']);
      expect(verdict.certificate).toMatchObject({
        cuit: REAL_CUIT,
        alias: 'test20240905',
        environment: 'sandbox',
        not_after: '2026-09-05T08:17:17.000Z',
      });
      expect(verdict.certificate.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      const expired = verdict.checks.find((c) => c.code === 'validity_expired')!;
      expect(explainOutcome(expired, 'es')).toContain('5 de septiembre de 2026');
      expect(explainOutcome(expired, 'en')).toContain('5 September 2026');
    });

    it('passes every offline check with the clock inside its validity', () => {
      const verdict = checkCertificate(real(), {
        cuit: '20-32964233-0',
        key: realKeyPem(),
        environment: 'sandbox',
        now: INSIDE_REAL_VALIDITY,
      });
      expect(verdict.ok).toBe(true);
      expect(codes(verdict)).toEqual([
        'chain_trusted',
        'signature_valid',
        'cuit_match',
        'key_match',
        'validity_current',
        'key_size_ok',
      ]);
    });

    it('names the other environment, the certificate CUIT and a key mismatch', async () => {
      const other = await generateKeyPair();
      const verdict = checkCertificate(real(), {
        cuit: '30712345671',
        key: other.privateKeyPem,
        environment: 'live',
        now: INSIDE_REAL_VALIDITY,
      });
      expect(failing(verdict)).toEqual([
        'chain_other_environment',
        'cuit_mismatch',
        'key_mismatch',
      ]);
      const [chain, , cuit] = verdict.checks;
      expect(explainOutcome(chain!, 'es')).toMatch(/es de homologación.*trabaja en producción/);
      expect(explainOutcome(cuit!, 'es')).toContain(
        'CUIT 20-32964233-0, no para el de tu empresa (30-71234567-1)',
      );
      expect(explainOutcome(cuit!, 'en')).toContain('CUIT 20-32964233-0, not for your company');
    });

    it('never trusts a CA it was not given', () => {
      const verdict = checkCertificate(real(), {
        trust: { sandbox: [], live: [] },
        now: INSIDE_REAL_VALIDITY,
      });
      expect(failing(verdict)).toEqual(['chain_untrusted']);
      expect(verdict.certificate.environment).toBeNull();
    });
  },
);

describe('checkCertificate with certificates from test CAs named like ARCA’s', () => {
  let pki: TestPki;
  let keyPem: string;
  beforeAll(async () => {
    pki = await createTestPki();
    keyPem = (await generateKeyPair()).privateKeyPem;
  });

  it('accepts a current certificate of the right environment', async () => {
    const { pem } = await pki.issue({ environment: 'live', cuit: '20329642330', keyPem });
    const verdict = checkCertificate(new X509Certificate(pem), {
      environment: 'live',
      cuit: '20329642330',
      key: keyPem,
      trust: pki.trust,
    });
    expect(verdict.ok).toBe(true);
    expect(verdict.certificate.environment).toBe('live');
    // The same certificate is unknown to a store without the test CAs (the simulator switched off).
    expect(failing(checkCertificate(new X509Certificate(pem), { environment: 'live' }))).toEqual([
      'chain_untrusted',
    ]);
  });

  it('spots a certificate signed by an impostor CA with the same name', async () => {
    const impostor = await createCa({
      commonName: 'Computadores Test',
      organization: 'ARCA simulador',
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2040-01-01'),
    });
    const { pem } = await pki.issue({
      environment: 'sandbox',
      cuit: '20329642330',
      keyPem,
      ca: impostor,
    });
    const verdict = checkCertificate(new X509Certificate(pem), {
      environment: 'sandbox',
      trust: pki.trust,
    });
    expect(failing(verdict)).toEqual(['chain_untrusted', 'signature_invalid']);
  });

  it('reports a certificate not yet valid with its start date', async () => {
    const { pem } = await pki.issue({
      environment: 'sandbox',
      cuit: '20329642330',
      keyPem,
      notBefore: new Date('2030-01-01T03:00:00Z'),
      notAfter: new Date('2031-01-01'),
    });
    const verdict = checkCertificate(new X509Certificate(pem), { trust: pki.trust });
    expect(failing(verdict)).toEqual(['validity_not_yet']);
    expect(
      explainOutcome(
        verdict.checks.find((c) => !c.ok)!,
        'es',
      ),
    ).toContain('1 de enero de 2030');
  });

  it('refuses RSA keys under 2048 bits', async () => {
    const small = (await generateKeyPair(1024)).privateKeyPem;
    const { pem } = await pki.issue({ environment: 'sandbox', cuit: '20329642330', keyPem: small });
    const verdict = checkCertificate(new X509Certificate(pem), { trust: pki.trust, key: small });
    expect(failing(verdict)).toEqual(['key_size_small']);
    expect(explainOutcome(verdict.checks.at(-1)!, 'en')).toContain('1024 bits');
  });

  it('explains every outcome in both languages with every placeholder filled', async () => {
    const { pem } = await pki.issue({ environment: 'sandbox', cuit: '20329642330', keyPem });
    const verdicts = [
      checkCertificate(new X509Certificate(pem), { trust: pki.trust }),
      checkCertificate(new X509Certificate(pem), {
        trust: pki.trust,
        environment: 'live',
        cuit: '20329642330',
        key: keyPem,
      }),
      checkCertificate(real(), { cuit: '33693450239', key: keyPem }),
    ];
    for (const check of verdicts.flatMap((v) => v.checks)) {
      expect(isKnownCode(check.code), check.code).toBe(true);
      for (const locale of ['es', 'en'] as const)
        expect(explainOutcome(check, locale)).not.toMatch(/\{\w+\}/);
    }
  });
});
