import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { opensslContainers } from '../fixtures/arca/openssl-containers';
import { REAL_CERTIFICATE, REAL_KEY, sharedAfipPath } from '../support/shared-afip';
import { describeWithSharedAfip } from '../support/shared-afip-suite';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

const CERT = sharedAfipPath(REAL_CERTIFICATE);
const KEY = sharedAfipPath(REAL_KEY);

function run(args: string[]): {
  code: number;
  json: {
    ok: boolean;
    checks: { code: string; ok: boolean; message: string }[];
    certificate: Record<string, unknown> | null;
  };
} {
  try {
    const out = execFileSync(
      'node',
      [...TS_NODE_ARGS, 'scripts/cli/arca-check.ts', ...args, '--json'],
      { encoding: 'utf8', env: { ...process.env, ARCA_SIMULATOR: 'off' } },
    );
    return { code: 0, json: JSON.parse(out) };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, json: JSON.parse(e.stdout) };
  }
}

describeWithSharedAfip([REAL_CERTIFICATE, REAL_KEY], 'npm run arca:check', () => {
  it(
    'prints the verdict as one JSON object, offline and without a database',
    { timeout: 30_000 },
    () => {
      const { code, json } = run([
        CERT,
        '--key',
        KEY,
        '--cuit',
        '20-32964233-0',
        '--env',
        'sandbox',
      ]);
      expect(code).toBe(1);
      expect(Object.keys(json)).toEqual(['ok', 'checks', 'certificate']);
      expect(json.ok).toBe(false);
      expect(json.checks.filter((c) => !c.ok).map((c) => c.code)).toEqual(['validity_expired']);
      expect(json.checks.find((c) => c.code === 'validity_expired')!.message).toContain('2026');
      expect(Object.keys(json.certificate!)).toEqual([
        'subject',
        'cuit',
        'alias',
        'issuer',
        'environment',
        'not_before',
        'not_after',
        'fingerprint',
      ]);
      expect(json.certificate).toMatchObject({
        cuit: '20329642330',
        alias: 'test20240905',
        environment: 'sandbox',
      });
    },
  );

  it('refuses a private key given as the certificate, with its code', { timeout: 30_000 }, () => {
    const { code, json } = run([KEY]);
    expect(code).toBe(1);
    expect(json).toMatchObject({
      ok: false,
      checks: [{ code: 'input_private_key', ok: false }],
      certificate: null,
    });
  });

  it(
    '--online does not log in to ARCA when an offline check failed',
    { timeout: 60_000 },
    async () => {
      let logins = 0;
      const wsaa = createServer((_req, res) => {
        logins++;
        res.writeHead(500).end();
      });
      await new Promise<void>((resolve) => wsaa.listen(0, '127.0.0.1', resolve));
      const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-check-'));
      try {
        const url = `http://127.0.0.1:${(wsaa.address() as AddressInfo).port}/wsaa`;
        const env = {
          ...process.env,
          ARCA_SIMULATOR: 'off',
          DATA_DIR: dataDir,
          ARCA_SANDBOX_WSAA_URL: url,
          ARCA_LIVE_WSAA_URL: url,
        };
        delete (env as Record<string, string | undefined>).DATABASE_URL;
        const args = [
          ...TS_NODE_ARGS,
          'scripts/cli/arca-check.ts',
          CERT,
          '--key',
          KEY,
          '--env',
          'sandbox',
          '--online',
          '--json',
        ];
        const out = await promisify(execFile)('node', args, { encoding: 'utf8', env }).then(
          (r) => r.stdout,
          (e: { stdout: string }) => e.stdout,
        );
        const json = JSON.parse(out) as { ok: boolean; checks: { code: string; ok: boolean }[] };
        expect(json.ok).toBe(false);
        expect(json.checks.map((c) => c.code)).toContain('validity_expired');
        expect(json.checks.at(-1)).toMatchObject({ code: 'wsaa_not_attempted', ok: false });
        expect(logins).toBe(0);
      } finally {
        wsaa.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it(
    'reads a .p12/.pfx as certificate and key, opened with --key-password',
    { timeout: 30_000 },
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'arca-check-'));
      try {
        const { p12 } = opensslContainers(
          readFileSync(CERT, 'utf8'),
          readFileSync(KEY, 'utf8'),
          readFileSync('lib/arca/ca/homologacion-issuing-computadores-test-2022-2030.pem', 'utf8'),
        );
        writeFileSync(path.join(dir, 'cert.p12'), p12);
        const { json } = run([
          path.join(dir, 'cert.p12'),
          '--key-password',
          'clave',
          '--env',
          'sandbox',
        ]);
        expect(json.checks.find((c) => c.code === 'key_match')).toMatchObject({ ok: true });
        expect(json.checks.filter((c) => !c.ok).map((c) => c.code)).toEqual(['validity_expired']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
