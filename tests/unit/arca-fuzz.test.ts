import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { readCertificate, readCredentials, readPrivateKey } from '@/lib/arca';
import { opensslContainers } from '../fixtures/arca/openssl-containers';
import { realCertPem, realKeyPem } from '../fixtures/arca/pki';
import { REAL_CERTIFICATE, REAL_KEY } from '../support/shared-afip';
import { describeWithSharedAfip } from '../support/shared-afip-suite';

// A seeded generator so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function mutate(input: Buffer, random: () => number): Buffer {
  const out = Buffer.from(input);
  const int = (n: number) => Math.floor(random() * n);
  switch (int(6)) {
    case 0: // flip bytes
      for (let i = 0, n = 1 + int(8); i < n; i++) out[int(out.length)] = int(256);
      return out;
    case 1: // truncate
      return out.subarray(0, int(out.length));
    case 2: // duplicate a slice
      return Buffer.concat([out, out.subarray(int(out.length))]);
    case 3: {
      // corrupt a DER length byte near the start
      const i = int(Math.min(out.length, 64));
      out[i] = [0x80, 0x84, 0xff, 0x00, 0x7f][int(5)]!;
      return out;
    }
    case 4: // insert random bytes
      return Buffer.concat([
        out.subarray(0, int(out.length)),
        Buffer.from(Array.from({ length: int(40) }, () => int(256))),
        out.subarray(int(out.length)),
      ]);
    default: // swap two regions
      return Buffer.concat([out.subarray(int(out.length)), out.subarray(0, int(out.length))]);
  }
}

describeWithSharedAfip([REAL_CERTIFICATE, REAL_KEY], 'intake fuzz', () => {
  // asn1js throws (instead of reporting) on a GeneralizedTime that is not a date; the fuzz below met it at random.
  it('answers a code, never a throw, for DER whose GeneralizedTime is no date', async () => {
    const badTime = Buffer.from('300718053230323478', 'hex');
    const inPfx = Buffer.from('300a020103' + '3005' + '1803' + '7a7a7a', 'hex');
    for (const input of [badTime, inPfx]) {
      expect(readCertificate(input)).toMatchObject({ ok: false });
      expect(await readPrivateKey(input, 'p')).toMatchObject({ ok: false });
      expect(await readCredentials({ certificate: input, password: 'p' })).toMatchObject({
        ok: false,
      });
    }
  });

  it(
    'reads 10,000 mutated certificates and keys without throwing, each answer ok or a well-formed code',
    { timeout: 120_000 },
    async () => {
      const pem = Buffer.from(realCertPem());
      const der = Buffer.from(
        realCertPem()
          .replace(/-----[^-]+-----/g, '')
          .replace(/\s+/g, ''),
        'base64',
      );
      const key = createPrivateKey(realKeyPem());
      const seeds = [
        { input: pem, kind: 'cert' },
        { input: der, kind: 'cert' },
        { input: Buffer.from(realKeyPem()), kind: 'key' },
        { input: key.export({ type: 'pkcs8', format: 'der' }), kind: 'key' },
        {
          input: Buffer.from(
            key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-128-cbc', passphrase: 'p' }),
          ),
          kind: 'key',
        },
        {
          input: key.export({
            type: 'pkcs8',
            format: 'der',
            cipher: 'aes-128-cbc',
            passphrase: 'p',
          }),
          kind: 'key',
        },
      ] as const;
      expect(await readPrivateKey(seeds[4].input, 'p')).toMatchObject({ ok: true });
      const random = rng(20_240_905);
      let accepted = 0;
      for (let i = 0; i < 10_000; i++) {
        const seed = seeds[i % seeds.length]!;
        const input = mutate(seed.input, random);
        const asText = random() < 0.3 ? input.toString('latin1') : input;
        const password = random() < 0.5 ? 'p' : undefined;
        const result =
          seed.kind === 'cert' ? readCertificate(asText) : await readPrivateKey(asText, password);
        expect(typeof result.ok).toBe('boolean');
        if (result.ok) accepted++;
        else expect(result.code).toMatch(/^(input|key)_[a-z_]+$/);
      }
      // Some mutations hit only text around the PEM or the signature: a few inputs stay readable.
      expect(accepted).toBeGreaterThan(0);
    },
  );

  it(
    'reads 1,000 mutated .p12 files without throwing, each answered by a code or a key pair',
    { timeout: 60_000 },
    async () => {
      const { p12, p12TripleDes } = opensslContainers(
        realCertPem(),
        realKeyPem(),
        readFileSync('lib/arca/ca/homologacion-issuing-computadores-test-2022-2030.pem', 'utf8'),
      );
      const random = rng(7_292);
      for (let i = 0; i < 1_000; i++) {
        const input = mutate(i % 2 ? p12 : p12TripleDes, random);
        const result = await readCredentials({ certificate: input, password: 'clave' });
        if (!result.ok) expect(result.code).toMatch(/^(input|key)_[a-z0-9_]+$/);
        else expect(result.key.modulusLength).toBe(2048);
      }
    },
  );
});
