import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, resolveMasterKey } from '@/lib/config';

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
