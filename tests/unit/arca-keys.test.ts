import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCsr, CsrInputError, generateKeyPair } from '@/lib/arca';
import { x509 } from '@/lib/arca/x509';
import {
  createKeyring,
  openSecret,
  resealSecret,
  SealError,
  sealSecret,
  sealedKeyVersion,
} from '@/lib/crypto';

describe('key pair and CSR', () => {
  it('generates RSA-2048 without blocking the event loop', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const pair = await generateKeyPair();
    clearInterval(timer);
    expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(pair.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    // Key generation takes tens to hundreds of ms; the timer must have kept firing meanwhile.
    expect(ticks).toBeGreaterThan(0);
  });

  it('builds the PKCS#10 request ARCA expects, accents folded, SHA-256, self-signature valid', async () => {
    const pair = await generateKeyPair();
    const pem = await createCsr({
      companyName: 'Panadería Ñandú S.A.',
      alias: 'panaderia',
      cuit: '20-32964233-0',
      privateKeyPem: pair.privateKeyPem,
    });
    const csr = new x509.Pkcs10CertificateRequest(pem);
    expect(csr.subject).toBe(
      'C=AR, O=Panaderia Nandu S.A., CN=panaderia, 2.5.4.5=CUIT 20329642330',
    );
    expect(csr.signatureAlgorithm).toMatchObject({
      name: 'RSASSA-PKCS1-v1_5',
      hash: { name: 'SHA-256' },
    });
    expect(await csr.verify()).toBe(true);
    const spki = Buffer.from(csr.publicKey.rawData);
    expect(
      spki.equals(createPublicKey(pair.publicKeyPem).export({ type: 'spki', format: 'der' })),
    ).toBe(true);
  });

  it('refuses an invalid CUIT or alias', async () => {
    const pair = await generateKeyPair();
    await expect(
      createCsr({
        companyName: 'X',
        alias: 'ok',
        cuit: '20329642331',
        privateKeyPem: pair.privateKeyPem,
      }),
    ).rejects.toThrow(CsrInputError);
    await expect(
      createCsr({
        companyName: 'X',
        alias: 'no vale',
        cuit: '20329642330',
        privateKeyPem: pair.privateKeyPem,
      }),
    ).rejects.toMatchObject({ code: 'alias_characters' });
  });
});

describe('sealing secrets', () => {
  const v1 = { version: 1, key: randomBytes(32) };
  const v2 = { version: 2, key: randomBytes(32) };

  it('round-trips under the current key and binds the associated data', () => {
    const ring = createKeyring(v1);
    const sealed = sealSecret('-----BEGIN PRIVATE KEY-----secret', ring, 'entry-1');
    expect(sealed).toMatch(/^s1\.1\./);
    expect(sealed).not.toContain('secret');
    expect(openSecret(sealed, ring, 'entry-1').toString()).toBe(
      '-----BEGIN PRIVATE KEY-----secret',
    );
    expect(() => openSecret(sealed, ring, 'entry-2')).toThrow(SealError);
    expect(sealSecret('x', ring, 'a')).not.toBe(sealSecret('x', ring, 'a'));
  });

  it('detects tampering and wrong keys', () => {
    const ring = createKeyring(v1);
    const sealed = sealSecret('payload', ring, 'e');
    const bytes = Buffer.from(sealed.split('.')[2]!, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSecret(`s1.1.${bytes.toString('base64url')}`, ring, 'e')).toThrow(SealError);
    expect(() =>
      openSecret(sealed, createKeyring({ version: 1, key: randomBytes(32) }), 'e'),
    ).toThrow(SealError);
    expect(() => openSecret('garbage', ring, 'e')).toThrow(SealError);
  });

  it('opens values sealed under an older key after rotation, and re-seals them', () => {
    const old = sealSecret('rotate me', createKeyring(v1), 'e');
    const rotated = createKeyring(v2, [v1]);
    expect(openSecret(old, rotated, 'e').toString()).toBe('rotate me');
    const resealed = resealSecret(old, rotated, 'e');
    expect(sealedKeyVersion(resealed)).toBe(2);
    expect(openSecret(resealed, createKeyring(v2), 'e').toString()).toBe('rotate me');
    expect(() => openSecret(old, createKeyring(v2), 'e')).toThrow(/version 1/);
  });

  it('refuses malformed keyrings', () => {
    expect(() => createKeyring({ version: 1, key: randomBytes(16) })).toThrow();
    expect(() => createKeyring({ version: 0, key: randomBytes(32) })).toThrow();
  });
});
