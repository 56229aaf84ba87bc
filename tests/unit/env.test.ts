import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ConfigError, parseEnv, resolveMasterKey, resolveMasterKeys } from '@/lib/config';

const strongKey = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString(
  'base64',
);

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.dataDir).toBe(path.resolve('./.data'));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.registrationUrl).toBe('http://localhost:3000');
    expect(env.arcaSimulator).toBe(true);
    expect(env.webhookAllowPrivate).toBe(true);
    expect(env.appEnv).toBe('development');
    expect(env.trustedProxies).toEqual([]);
    expect(env.pageRequestsPerMinute).toBe(600);
    expect(env.apiRateLimitPerMinute).toBe(1200);
    expect(env.regActions).toEqual({ ref: 60, address: 120 });
  });

  it('takes the wizard post limits per link and per address separately', () => {
    const env = parseEnv({
      REG_ACTIONS_PER_MINUTE: '30',
      REG_ACTIONS_PER_ADDRESS_PER_MINUTE: '900',
    });
    expect(env.regActions).toEqual({ ref: 30, address: 900 });
    expect(() => parseEnv({ REG_ACTIONS_PER_ADDRESS_PER_MINUTE: '0' })).toThrow(ConfigError);
  });

  it('sizes admission control from the CPU count unless told, the queues from the slots', () => {
    const cpus = availableParallelism();
    expect(parseEnv({}).admission).toEqual({
      pages: { inFlight: 8 * cpus, queue: 512 * cpus, maxWaitMs: 10_000 },
      api: { inFlight: 32 * cpus, queue: 256 * cpus, maxWaitMs: 10_000 },
    });
    const told = parseEnv({
      ADMISSION_PAGES_IN_FLIGHT: '3',
      ADMISSION_API_IN_FLIGHT: '5',
      ADMISSION_API_QUEUE: '0',
      ADMISSION_QUEUE_WAIT_MS: '2500',
    }).admission;
    expect(told).toEqual({
      pages: { inFlight: 3, queue: 192, maxWaitMs: 2_500 },
      api: { inFlight: 5, queue: 0, maxWaitMs: 2_500 },
    });
    expect(() => parseEnv({ ADMISSION_PAGES_IN_FLIGHT: '0' })).toThrow(ConfigError);
  });

  it('trusts forwarded headers only from the proxies TRUST_PROXY lists by address', () => {
    const proxies = parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustedProxies;
    expect(proxies.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      '::1/128',
    ]);
    // "Any peer" is not a proxy: a list of addresses is required.
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY.*"true" is not an IP address/,
    );
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('derives REGISTRATION_URL from PORT and strips a trailing slash when given', () => {
    expect(parseEnv({ PORT: '4000' }).registrationUrl).toBe('http://localhost:4000');
    expect(parseEnv({ REGISTRATION_URL: 'https://reg.example.com/' }).registrationUrl).toBe(
      'https://reg.example.com',
    );
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('points ARCA at the simulator when it is on and at ARCA otherwise', () => {
    expect(parseEnv({ PORT: '3100' }).arca.sandbox.wsaa).toBe(
      'http://127.0.0.1:3100/simulator/arca/sandbox/wsaa',
    );
    const real = parseEnv({ ARCA_SIMULATOR: 'off' });
    expect(real.arca.sandbox.wsaa).toBe('https://wsaahomo.afip.gov.ar/ws/services/LoginCms');
    expect(real.arca.live.wsfe).toBe('https://servicios1.afip.gov.ar/wsfev1/service.asmx');
    expect(parseEnv({ ARCA_LIVE_WSAA_URL: 'https://example.test/wsaa' }).arca.live.wsaa).toBe(
      'https://example.test/wsaa',
    );
  });

  it('points WSCT (Factura T) at the simulator, at ARCA, or where ARCA_*_WSCT_URL says', () => {
    expect(parseEnv({ PORT: '3100' }).arca.live.wsct).toBe(
      'http://127.0.0.1:3100/simulator/arca/live/wsct',
    );
    const real = parseEnv({ ARCA_SIMULATOR: 'off' });
    expect(real.arca.sandbox.wsct).toBe('https://fwshomo.afip.gov.ar/wsct/CTService');
    expect(real.arca.live.wsct).toBe('https://serviciosjava.afip.gob.ar/wsct/CTService');
    expect(parseEnv({ ARCA_SANDBOX_WSCT_URL: 'https://example.test/ct' }).arca.sandbox.wsct).toBe(
      'https://example.test/ct',
    );
  });

  it('defaults to production-safe values when APP_ENV=production', () => {
    const env = parseEnv({ APP_ENV: 'production', MASTER_KEY: strongKey });
    expect(env.arcaSimulator).toBe(false);
    expect(env.webhookAllowPrivate).toBe(false);
  });

  it('refuses the simulator in production', () => {
    expect(() => parseEnv({ APP_ENV: 'production', ARCA_SIMULATOR: 'on' })).toThrow(ConfigError);
  });

  it('names every invalid variable', () => {
    const attempt = () =>
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', WEBHOOK_ALLOW_PRIVATE: 'maybe' });
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });
});

describe('resolveMasterKey', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'arca-env-'));

  it('generates and then reuses a development key outside production', () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    const first = resolveMasterKey(env);
    expect(first).toHaveLength(32);
    expect(resolveMasterKey(env).equals(first)).toBe(true);
    expect(readFileSync(path.join(env.dataDir, 'master.dev.key'), 'utf8').trim()).toBe(
      first.toString('base64'),
    );
  });

  it('refuses to start production without a master key', () => {
    expect(() =>
      resolveMasterKey(parseEnv({ APP_ENV: 'production', DATA_DIR: dataDir() })),
    ).toThrow(/MASTER_KEY is required/);
  });

  it('refuses the generated development key in production', () => {
    const dir = dataDir();
    const devKey = resolveMasterKey(parseEnv({ DATA_DIR: dir })).toString('base64');
    expect(() =>
      resolveMasterKey(parseEnv({ APP_ENV: 'production', DATA_DIR: dir, MASTER_KEY: devKey })),
    ).toThrow(/development key/);
  });

  it('refuses malformed and weak keys', () => {
    expect(() => resolveMasterKey(parseEnv({ MASTER_KEY: 'c2hvcnQ=' }))).toThrow(/32 bytes/);
    const zeros = Buffer.alloc(32).toString('base64');
    expect(() =>
      resolveMasterKey(parseEnv({ APP_ENV: 'production', MASTER_KEY: zeros, DATA_DIR: dataDir() })),
    ).toThrow(/too weak/);
  });

  it('accepts a strong key in production', () => {
    expect(
      resolveMasterKey(
        parseEnv({ APP_ENV: 'production', MASTER_KEY: strongKey, DATA_DIR: dataDir() }),
      ),
    ).toHaveLength(32);
  });
});

describe('resolveMasterKeys (rotation)', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'arca-env-'));
  const key = () => randomBytes(32).toString('base64');

  it('is MASTER_KEY as version 1 with no previous key by default', () => {
    const current = key();
    const keys = resolveMasterKeys(parseEnv({ MASTER_KEY: current }));
    expect(keys.current.version).toBe(1);
    expect(keys.current.key.toString('base64')).toBe(current);
    expect(keys.previous).toEqual([]);
  });

  it('reads MASTER_KEY_VERSION and the version:key pairs of MASTER_KEY_PREVIOUS', () => {
    const [current, v2, v1] = [key(), key(), key()];
    const keys = resolveMasterKeys(
      parseEnv({
        APP_ENV: 'production',
        DATA_DIR: dataDir(),
        MASTER_KEY: current,
        MASTER_KEY_VERSION: '3',
        MASTER_KEY_PREVIOUS: `2:${v2}, 1:${v1}`,
      }),
    );
    expect(keys.current.version).toBe(3);
    expect(keys.previous.map((p) => [p.version, p.key.toString('base64')])).toEqual([
      [2, v2],
      [1, v1],
    ]);
  });

  it('keeps the development key as the current version outside production', () => {
    const dir = dataDir();
    const previous = key();
    const keys = resolveMasterKeys(
      parseEnv({ DATA_DIR: dir, MASTER_KEY_VERSION: '2', MASTER_KEY_PREVIOUS: `1:${previous}` }),
    );
    expect(keys.current).toEqual({
      version: 2,
      key: resolveMasterKey(parseEnv({ DATA_DIR: dir })),
    });
    expect(keys.previous[0]!.key.toString('base64')).toBe(previous);
  });

  it('refuses versions outside 1..255, pairs without a version, and a version listed twice', () => {
    expect(() => parseEnv({ MASTER_KEY_VERSION: '0' })).toThrow(/MASTER_KEY_VERSION/);
    expect(() => parseEnv({ MASTER_KEY_VERSION: '256' })).toThrow(/MASTER_KEY_VERSION/);
    expect(() => parseEnv({ MASTER_KEY_VERSION: '1.5' })).toThrow(/MASTER_KEY_VERSION/);
    const k = key();
    expect(() => parseEnv({ MASTER_KEY_PREVIOUS: k })).toThrow(/MASTER_KEY_PREVIOUS.*version:key/);
    expect(() => parseEnv({ MASTER_KEY_PREVIOUS: `0:${k}` })).toThrow(/MASTER_KEY_PREVIOUS/);
    expect(() => parseEnv({ MASTER_KEY_PREVIOUS: `1:${k},1:${key()}` })).toThrow(
      /version 1 is listed twice/,
    );
    expect(() => parseEnv({ MASTER_KEY_VERSION: '2', MASTER_KEY_PREVIOUS: `2:${k}` })).toThrow(
      /lists version 2, which is MASTER_KEY_VERSION/,
    );
  });

  it('never repeats a key in its refusals', () => {
    const secret = key();
    const attempt = () => parseEnv({ MASTER_KEY_PREVIOUS: `x:${secret}` });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).not.toThrow(secret);
  });

  it('checks previous keys as MASTER_KEY is checked, naming the version', () => {
    const dir = dataDir();
    const devKey = resolveMasterKey(parseEnv({ DATA_DIR: dir })).toString('base64');
    const production = {
      APP_ENV: 'production',
      DATA_DIR: dir,
      MASTER_KEY: key(),
      MASTER_KEY_VERSION: '2',
    };
    expect(() =>
      resolveMasterKeys(parseEnv({ ...production, MASTER_KEY_PREVIOUS: '1:c2hvcnQ=' })),
    ).toThrow(/MASTER_KEY_PREVIOUS \(version 1\) must be the base64 encoding of exactly 32 bytes/);
    const zeros = Buffer.alloc(32).toString('base64');
    expect(() =>
      resolveMasterKeys(parseEnv({ ...production, MASTER_KEY_PREVIOUS: `1:${zeros}` })),
    ).toThrow(/MASTER_KEY_PREVIOUS \(version 1\) is too weak/);
    expect(() =>
      resolveMasterKeys(parseEnv({ ...production, MASTER_KEY_PREVIOUS: `1:${devKey}` })),
    ).toThrow(/MASTER_KEY_PREVIOUS \(version 1\) is the development key/);
    // Outside production a weak old key still opens what it sealed (a demo moving to a real key).
    expect(
      resolveMasterKeys(
        parseEnv({
          DATA_DIR: dir,
          MASTER_KEY: key(),
          MASTER_KEY_VERSION: '2',
          MASTER_KEY_PREVIOUS: `1:${zeros}`,
        }),
      ).previous,
    ).toHaveLength(1);
  });

  it('refuses a previous key equal to the new MASTER_KEY (a version raised, the key not changed)', () => {
    const same = key();
    expect(() =>
      resolveMasterKeys(
        parseEnv({ MASTER_KEY: same, MASTER_KEY_VERSION: '2', MASTER_KEY_PREVIOUS: `1:${same}` }),
      ),
    ).toThrow(/version 1\) is the current MASTER_KEY/);
  });
});
