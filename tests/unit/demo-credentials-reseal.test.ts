import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeyring, openSecret, sealedKeyVersion, sealSecret } from '@/lib/crypto';
import { resealDemoCredentials } from '@/lib/demo';

const AD = 'arca-registration demo credentials';

describe('resealDemoCredentials', () => {
  const v1 = { version: 1, key: randomBytes(32) };
  const v2 = { version: 2, key: randomBytes(32) };
  const rotated = createKeyring(v2, [v1]);

  it('re-seals the sealed file under the current key, once, with the same associated data', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'arca-demo-'));
    const file = path.join(dir, 'demo-credentials.sealed');
    writeFileSync(file, sealSecret('{"apiKey":"k"}', createKeyring(v1), AD) + '\n');
    expect(resealDemoCredentials(rotated, dir)).toEqual({ resealed: 1, unreadable: 0 });
    const sealed = readFileSync(file, 'utf8').trim();
    expect(sealedKeyVersion(sealed)).toBe(2);
    expect(openSecret(sealed, createKeyring(v2), AD).toString()).toBe('{"apiKey":"k"}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resealDemoCredentials(rotated, dir)).toEqual({ resealed: 0, unreadable: 0 });
  });

  it('counts a file no key opens and leaves it, and a missing file as nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'arca-demo-'));
    expect(resealDemoCredentials(rotated, dir)).toEqual({ resealed: 0, unreadable: 0 });
    const foreign = sealSecret('x', createKeyring({ version: 1, key: randomBytes(32) }), AD);
    writeFileSync(path.join(dir, 'demo-credentials.sealed'), foreign + '\n');
    expect(resealDemoCredentials(rotated, dir)).toEqual({ resealed: 0, unreadable: 1 });
    expect(readFileSync(path.join(dir, 'demo-credentials.sealed'), 'utf8').trim()).toBe(foreign);
  });
});
