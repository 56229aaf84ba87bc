import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as asn1js from 'asn1js';
import { beforeEach, expect, it, vi } from 'vitest';
import {
  checkCertificate,
  createCsr,
  explainOutcome,
  readCertificate,
  readCredentials,
  readPrivateKey,
} from '@/lib/arca';
import {
  decryptData,
  decryptPrivateKey,
  MAX_QUEUED_DECRYPTIONS,
} from '@/lib/arca/decrypt-off-thread';
import { readPkcs12 } from '@/lib/arca/read-pkcs12';
import { encryptPkcs8 } from '../fixtures/arca/encrypt-pkcs8';
import { opensslContainers } from '../fixtures/arca/openssl-containers';
import { realCertPem, realKeyPem } from '../fixtures/arca/pki';
import {
  missingSharedAfip,
  readSharedAfip,
  REAL_CERTIFICATE,
  REAL_KEY,
} from '../support/shared-afip';
import { describeWithSharedAfip, itWithSharedAfip } from '../support/shared-afip-suite';

const PAIR = [REAL_CERTIFICATE, REAL_KEY];
const LEGACY =
  'corpus/ee/legacy_homologacion/django-afip_test_expired_hyperion_cuit20329642330_2014-2016.crt';

// The worker's entry points, counted: a refusal "before any key derivation runs" is a count of zero, not a timing.
vi.mock('@/lib/arca/decrypt-off-thread', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/arca/decrypt-off-thread')>();
  return {
    ...actual,
    decryptPrivateKey: vi.fn(actual.decryptPrivateKey),
    decryptData: vi.fn(actual.decryptData),
  };
});
beforeEach(() => {
  vi.mocked(decryptPrivateKey).mockClear();
  vi.mocked(decryptData).mockClear();
});
const decryptions = () =>
  vi.mocked(decryptPrivateKey).mock.calls.length + vi.mocked(decryptData).mock.calls.length;

// Read only when there: without them every suite below is skipped, never run on empty input.
const cert = missingSharedAfip(PAIR) ? '' : realCertPem();
const key = missingSharedAfip(PAIR) ? '' : realKeyPem();
const ca = (f: string) => readFileSync(`lib/arca/ca/${f}`, 'utf8');
const CA_FILES = [
  'homologacion-issuing-computadores-test-2022-2030.pem',
  'homologacion-root-ac-raiz-test-2014-2034.pem',
  'produccion-issuing-computadores-2024-2035.pem',
  'produccion-root-afip-root-ca-2-2015-2035.pem',
];
const der = Buffer.from(cert.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
const expectCert = (input: string | Uint8Array) => {
  const read = readCertificate(input);
  expect(read).toMatchObject({ ok: true });
  if (read.ok) expect(read.certificate.subject).toContain('serialNumber=CUIT 20329642330');
  return read;
};

describeWithSharedAfip(PAIR, 'certificate intake', () => {
  it('reads PEM with LF, CRLF or CR-only line endings, indented or inside other text', () => {
    expectCert(cert);
    expectCert(cert.replace(/\n/g, '\r\n'));
    expectCert(cert.replace(/\n/g, '\r'));
    expectCert(
      `Hola, te paso el certificado:\n\n${cert
        .split('\n')
        .map((l) => `   ${l}  `)
        .join('\n')}\nSaludos`,
    );
    expectCert(Buffer.from(cert));
  });

  it('reads DER and a base64 body pasted without its BEGIN/END lines', () => {
    expectCert(der);
    expectCert(new Uint8Array(der));
    expectCert(der.toString('base64'));
  });

  it('takes the end-entity certificate out of a chain and says so', () => {
    const read = expectCert(`${ca(CA_FILES[1]!)}${ca(CA_FILES[0]!)}${cert}`);
    expect(read.ok && read.notices).toEqual(['input_chain_end_entity']);
    expect(read.ok && read.der.equals(der)).toBe(true);
  });

  it('refuses what people upload by mistake, with a specific code each', async () => {
    const otherLeaf = cert; // the same leaf twice is still "several end-entity certificates"
    expect(readCertificate(key)).toEqual({ ok: false, code: 'input_private_key' });
    expect(readCertificate(createPrivateKey(key).export({ type: 'pkcs8', format: 'der' }))).toEqual(
      { ok: false, code: 'input_private_key' },
    );
    const csr = await createCsr({
      companyName: 'X',
      alias: 'x',
      cuit: '20329642330',
      privateKeyPem: key,
    });
    expect(readCertificate(csr)).toEqual({ ok: false, code: 'input_csr' });
    expect(
      readCertificate(
        Buffer.from(csr.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'),
      ),
    ).toEqual({ ok: false, code: 'input_csr' });
    for (const f of CA_FILES)
      expect(readCertificate(ca(f))).toEqual({ ok: false, code: 'input_ca_certificate' });
    expect(readCertificate(cert + otherLeaf)).toEqual({
      ok: false,
      code: 'input_several_certificates',
    });
    expect(readCertificate('')).toEqual({ ok: false, code: 'input_empty' });
    expect(readCertificate(' \r\n ')).toEqual({ ok: false, code: 'input_empty' });
    expect(readCertificate('hola')).toEqual({ ok: false, code: 'input_garbage' });
    expect(readCertificate(randomBytes(2000))).toEqual({ ok: false, code: 'input_garbage' });
    expect(readCertificate(cert.replace(/M/g, 'N'))).toEqual({ ok: false, code: 'input_garbage' });
    expect(readCertificate('x'.repeat(64 * 1024 + 1))).toEqual({
      ok: false,
      code: 'input_too_large',
    });
    expect(readCertificate(Buffer.alloc(64 * 1024 + 1, 0x30))).toEqual({
      ok: false,
      code: 'input_too_large',
    });
  });
});

describeWithSharedAfip(PAIR, 'private key intake (bring your own)', () => {
  const object = createPrivateKey(key);

  it('reads PKCS#1 and PKCS#8, PEM and DER', async () => {
    for (const input of [
      key,
      object.export({ type: 'pkcs8', format: 'pem' }),
      object.export({ type: 'pkcs8', format: 'der' }),
      object.export({ type: 'pkcs1', format: 'der' }),
      key.replace(/\n/g, '\r'),
    ]) {
      const read = await readPrivateKey(input);
      expect(read).toMatchObject({ ok: true, modulusLength: 2048 });
      if (read.ok) expect(read.pkcs8Pem).toContain('BEGIN PRIVATE KEY');
    }
  });

  it('opens password-protected keys (PKCS#8 PBES2 and legacy PKCS#1) and explains a missing or wrong password', async () => {
    const encrypted = [
      object.export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: 'contraseña',
      }),
      object.export({
        type: 'pkcs1',
        format: 'pem',
        cipher: 'aes-128-cbc',
        passphrase: 'contraseña',
      }),
      object.export({
        type: 'pkcs8',
        format: 'der',
        cipher: 'aes-256-cbc',
        passphrase: 'contraseña',
      }),
    ];
    for (const input of encrypted) {
      expect(await readPrivateKey(input)).toEqual({ ok: false, code: 'key_password_required' });
      expect(await readPrivateKey(input, 'otra')).toEqual({
        ok: false,
        code: 'key_password_wrong',
      });
      expect(await readPrivateKey(input, 'contraseña')).toMatchObject({
        ok: true,
        modulusLength: 2048,
      });
    }
  });

  it('refuses certificates, non-RSA keys, garbage and oversized input', async () => {
    expect(await readPrivateKey(cert)).toEqual({ ok: false, code: 'key_is_certificate' });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(await readPrivateKey(ec)).toEqual({ ok: false, code: 'key_not_rsa' });
    expect(await readPrivateKey('nada')).toEqual({ ok: false, code: 'key_garbage' });
    expect(await readPrivateKey('')).toEqual({ ok: false, code: 'key_empty' });
    expect(await readPrivateKey(randomBytes(500))).toMatchObject({ ok: false });
    expect(await readPrivateKey('k'.repeat(70_000))).toEqual({ ok: false, code: 'key_too_large' });
  });
});

describeWithSharedAfip(PAIR, 'encrypted key limits', () => {
  const der = createPrivateKey(key).export({ type: 'pkcs8', format: 'der' }) as Buffer;

  it('opens keys encrypted with OpenSSL’s and Java’s defaults', async () => {
    for (const kdf of [
      { pbkdf2: { iterations: 2048 } },
      { pbkdf2: { iterations: 10_000 } },
      { scrypt: { N: 16384, r: 8, p: 1 } },
    ] as const) {
      expect(await readPrivateKey(encryptPkcs8(der, 'clave', kdf), 'clave')).toMatchObject({
        ok: true,
        modulusLength: 2048,
      });
    }
  });

  it('refuses a key derivation costlier than real tools produce before running it', async () => {
    const cheap = { pbkdf2: { iterations: 1 } } as const;
    for (const declared of [
      { pbkdf2: { iterations: 1_000_000 } },
      { scrypt: { N: 16384, r: 1, p: 16384 } },
      { scrypt: { N: 2 ** 20, r: 8, p: 1 } },
      { scrypt: { N: 1024, r: 1024, p: 1 } },
    ] as const) {
      const crafted = encryptPkcs8(der, 'clave', cheap, declared);
      expect(await readPrivateKey(crafted, 'clave')).toEqual({ ok: false, code: 'key_too_costly' });
      // Also without the password: nobody is asked for a password to a key we would not open.
      expect(await readPrivateKey(crafted)).toEqual({ ok: false, code: 'key_too_costly' });
    }
    expect(decryptions()).toBe(0);
  });

  it('gives up on a decryption once its time limit passes, counted from when it was asked for, and says the service is busy', async () => {
    const opensslDefault = encryptPkcs8(der, 'clave', { scrypt: { N: 16384, r: 8, p: 1 } });
    expect(await decryptPrivateKey({ der: opensslDefault }, 'clave', 1)).toEqual({
      ok: false,
      reason: 'busy',
    });
    // Queued behind another decryption, a 1 ms limit runs out before its turn comes.
    const [first, queued] = await Promise.all([
      decryptPrivateKey({ der: opensslDefault }, 'clave'),
      decryptPrivateKey({ der: opensslDefault }, 'clave', 1),
    ]);
    expect(first).toMatchObject({ ok: true });
    expect(queued).toEqual({ ok: false, reason: 'busy' });
    expect(await decryptPrivateKey({ der: opensslDefault }, 'clave')).toMatchObject({ ok: true });
  });

  it('answers "busy" at once beyond the queue’s capacity, without blaming the file', async () => {
    const opensslDefault = encryptPkcs8(der, 'clave', { scrypt: { N: 16384, r: 8, p: 1 } });
    // One running and a full queue; the next upload is told to try again in a moment.
    const accepted = Array.from({ length: MAX_QUEUED_DECRYPTIONS + 1 }, () =>
      readPrivateKey(opensslDefault, 'clave'),
    );
    expect(await readPrivateKey(opensslDefault, 'clave')).toEqual({ ok: false, code: 'key_busy' });
    for (const read of await Promise.all(accepted)) expect(read).toMatchObject({ ok: true });
    expect(explainOutcome({ code: 'key_busy' }, 'es')).toContain('Tu archivo está bien');
    expect(explainOutcome({ code: 'key_busy' }, 'en')).toContain('Your file is fine');
  });

  it('explains a key protected beyond real tools’ parameters in natural Spanish and in English', () => {
    expect(explainOutcome({ code: 'key_too_costly' }, 'es')).toMatch(
      /^No pudimos abrir la clave: su contraseña está configurada .*Exportala de nuevo/,
    );
    expect(explainOutcome({ code: 'key_too_costly' }, 'en')).toMatch(
      /^We couldn't open the key: its password protection .*Export it again/,
    );
  });

  it('names a CSR given as the key', async () => {
    const csr = await createCsr({
      companyName: 'X',
      alias: 'x',
      cuit: '20329642330',
      privateKeyPem: key,
    });
    expect(await readPrivateKey(csr)).toEqual({ ok: false, code: 'key_is_csr' });
    expect(
      await readPrivateKey(
        Buffer.from(csr.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'),
      ),
    ).toEqual({ ok: false, code: 'key_is_csr' });
  });
});

describeWithSharedAfip(PAIR, 'certificate containers and encodings', () => {
  const files = opensslContainers(cert, key, ca(CA_FILES[0]!));
  const subjectOf = (read: Awaited<ReturnType<typeof readCredentials>>) =>
    read.ok ? read.certificate.certificate.subject : read.code;

  it('reads certificate and key from a .p12/.pfx as OpenSSL 3, Windows (3DES) and Java make it, in either field', async () => {
    for (const [file, password] of [
      [files.p12, 'clave'],
      [files.p12TripleDes, 'clave'],
      [files.p12Java, 'contraseña'],
    ] as const) {
      for (const input of [
        { certificate: file },
        { key: file },
        { certificate: file, key: file },
      ]) {
        const read = await readCredentials({ ...input, password });
        expect(subjectOf(read)).toContain('serialNumber=CUIT 20329642330');
        expect(read.ok && read.key.key.export({ type: 'pkcs8', format: 'pem' })).toBe(
          createPrivateKey(key).export({ type: 'pkcs8', format: 'pem' }),
        );
      }
    }
  });

  it('explains a .p12 without password, with a wrong one, or under RC2', async () => {
    expect(await readCredentials({ certificate: files.p12 })).toEqual({
      ok: false,
      code: 'key_password_required',
    });
    expect(await readCredentials({ certificate: files.p12, password: 'otra' })).toEqual({
      ok: false,
      code: 'key_password_wrong',
    });
    expect(await readCredentials({ certificate: files.p12TripleDes, password: 'otra' })).toEqual({
      ok: false,
      code: 'key_password_wrong',
    });
    expect(await readCredentials({ certificate: files.p12Legacy, password: 'clave' })).toEqual({
      ok: false,
      code: 'key_pkcs12_legacy',
    });
  });

  it('spends one budget per .p12: at most two encrypted contents, sharing one decryption’s cost, refused before the derivation that would exceed it', async () => {
    // The certificates' EncryptedData repeated: three encrypted contents in one file.
    const pfx = asn1js.fromBER(new Uint8Array(files.p12)).result as asn1js.Sequence;
    const authSafe = pfx.valueBlock.value[1] as asn1js.Sequence;
    const wrapper = authSafe.valueBlock.value[1] as asn1js.Constructed;
    const safe = asn1js.fromBER((wrapper.valueBlock.value[0] as asn1js.OctetString).getValue())
      .result as asn1js.Sequence;
    const [encrypted, plain] = safe.valueBlock.value;
    const threeContents = new asn1js.Sequence({
      value: [encrypted!, encrypted!, encrypted!, plain!],
    }).toBER();
    wrapper.valueBlock.value[0] = new asn1js.OctetString({ valueHex: threeContents });
    expect(
      await readCredentials({ certificate: Buffer.from(pfx.toBER()), password: 'clave' }),
    ).toEqual({ ok: false, code: 'key_too_costly' });
    expect(decryptions()).toBe(0);

    // Two contents at 60,000 iterations each: the first fits the budget, the key's derivation would not and never runs.
    vi.mocked(decryptData).mockClear();
    const heavy = opensslContainers(cert, key, ca(CA_FILES[0]!), 'clave', ['-iter', '60000']).p12;
    expect(await readCredentials({ certificate: heavy, password: 'clave' })).toEqual({
      ok: false,
      code: 'key_too_costly',
    });
    expect(vi.mocked(decryptData).mock.calls.length).toBe(1);
    expect(vi.mocked(decryptPrivateKey).mock.calls.length).toBe(0);
  });

  it('refuses a .p12 over the input size cap before reading it', async () => {
    expect(await readPkcs12(Buffer.concat([files.p12, Buffer.alloc(64 * 1024)]), 'clave')).toEqual({
      ok: false,
      code: 'key_too_large',
    });
    expect(decryptions()).toBe(0);
  });

  it('on the upload step, names a .p12 as a certificate with its key rather than a private key', () => {
    expect(readCertificate(files.p12)).toEqual({ ok: false, code: 'input_pkcs12' });
    expect(explainOutcome({ code: 'input_pkcs12' }, 'es')).toContain(
      '«Ya tengo certificado y clave privada»',
    );
  });

  it('reads a .p7b (PKCS#7, certificates only), DER or PEM, taking the end-entity certificate', () => {
    for (const input of [
      files.p7b,
      `-----BEGIN PKCS7-----\n${files.p7b.toString('base64')}\n-----END PKCS7-----\n`,
    ]) {
      const read = expectCert(input);
      expect(read.ok && read.der.equals(der)).toBe(true);
      expect(read.ok && read.notices).toEqual(['input_chain_end_entity']);
    }
  });

  it('reads PEM text saved as UTF-16 (with or without byte order mark, either byte order)', () => {
    const le = Buffer.from(cert, 'utf16le');
    expectCert(Buffer.concat([Buffer.from([0xff, 0xfe]), le]));
    expectCert(le);
    expectCert(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]));
  });

  it('refuses DER with bytes after the certificate', () => {
    expect(readCertificate(Buffer.concat([der, Buffer.from('hola')]))).toEqual({
      ok: false,
      code: 'input_trailing_bytes',
    });
    expect(readCertificate(Buffer.concat([der, der]))).toEqual({
      ok: false,
      code: 'input_trailing_bytes',
    });
  });

  itWithSharedAfip(
    [LEGACY],
    'calls a retired AFIP authority retired or unknown, never "not issued by ARCA"',
    () => {
      const legacy = readSharedAfip(LEGACY);
      const read = readCertificate(legacy);
      if (!read.ok) throw new Error(read.code);
      const untrusted = checkCertificate(read.certificate).checks.find(
        (c) => c.code === 'chain_untrusted',
      )!;
      expect(untrusted.params?.issuer).toContain('AFIP');
      const es = explainOutcome(untrusted, 'es');
      const en = explainOutcome(untrusted, 'en');
      expect(es).not.toMatch(/no fue emitido por ARCA/i);
      expect(en).not.toMatch(/not issued by ARCA/i);
      expect(es).toContain(
        'no es una autoridad certificante vigente de ARCA (puede ser una anterior, ya retirada, o una ajena a ARCA)',
      );
      expect(en).toContain(
        'not a current ARCA certificate authority (it may be a retired ARCA one or an outside one)',
      );
    },
  );
});
