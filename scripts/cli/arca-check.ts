import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  checkCertificate,
  explainOutcome,
  getAccessTicket,
  getTrustStore,
  MAX_INPUT_BYTES,
  readCertificate,
  readCredentials,
  readPrivateKey,
  validateCuit,
  type ArcaOutcome,
  type CertificateSummary,
  type CredentialsResult,
} from '@/lib/arca';
import type { Locale } from '@/lib/i18n';
import { getEnv } from '@/lib/config';

// <certificate> may be a .p12/.pfx (its key is used, opened with --key-password).
// npm run arca:check -- <certificate> [--key <file>] [--key-password <p>] [--cuit <cuit>] [--env sandbox|live] [--online] [--json] [--lang es|en]
const USAGE =
  'Usage: npm run arca:check -- <certificate> [--key <file>] [--key-password <p>] [--cuit <cuit>] [--env sandbox|live] [--online] [--json] [--lang es|en]';

interface Verdict {
  ok: boolean;
  checks: { code: string; ok: boolean; message: string }[];
  certificate: CertificateSummary | null;
}

function readInput(file: string): Buffer {
  if (statSync(file).size > MAX_INPUT_BYTES) return Buffer.alloc(MAX_INPUT_BYTES + 1);
  return readFileSync(file);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      key: { type: 'string' },
      'key-password': { type: 'string' },
      cuit: { type: 'string' },
      env: { type: 'string' },
      online: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      lang: { type: 'string', default: 'es' },
    },
  });
  const locale: Locale = values.lang === 'en' ? 'en' : 'es';
  const environment = values.env as 'sandbox' | 'live' | undefined;
  if (
    positionals.length !== 1 ||
    (environment && environment !== 'sandbox' && environment !== 'live')
  ) {
    console.error(USAGE);
    return 2;
  }
  const outcomes: ArcaOutcome[] = [];
  const finish = (certificate: CertificateSummary | null) =>
    print(
      {
        ok: outcomes.every((o) => o.ok),
        checks: outcomes.map((o) => ({
          code: o.code,
          ok: o.ok,
          message: explainOutcome(o, locale),
        })),
        certificate,
      },
      values.json,
    );

  if (values.cuit !== undefined) {
    const cuit = validateCuit(values.cuit);
    if (!cuit.ok) outcomes.push({ code: cuit.problem, ok: false });
  }
  const file = readInput(positionals[0]!);
  let read: ReturnType<typeof readCertificate> | Extract<CredentialsResult, { ok: false }> =
    readCertificate(file);
  let keyPem: string | undefined;
  // A .p12/.pfx carries the key too, opened with --key-password.
  if (!read.ok && read.code === 'input_pkcs12') {
    const bundle = await readCredentials({ certificate: file, password: values['key-password'] });
    if (bundle.ok) [read, keyPem] = [bundle.certificate, bundle.key.pkcs8Pem];
    else read = bundle;
  }
  if (!read.ok) {
    outcomes.push({ code: read.code, ok: false });
    return finish(null);
  }
  outcomes.push(...read.notices.map((code) => ({ code, ok: true })));
  if (values.key && !keyPem) {
    const key = await readPrivateKey(readInput(values.key), values['key-password']);
    if (key.ok) keyPem = key.pkcs8Pem;
    else outcomes.push({ code: key.code, ok: false });
  }
  // Offline checks trust ARCA's shipped CAs only; --online also loads the simulator's (when on) from the database.
  const db = values.online ? await (await import('@/lib/db')).getDb() : undefined;
  if (values.online && getEnv().arcaSimulator)
    (await import('@/lib/arca-simulator')).trustSimulatorCas();
  try {
    const trust = await getTrustStore({ db });
    const verdict = checkCertificate(read.certificate, {
      environment,
      cuit: values.cuit,
      key: keyPem,
      trust,
    });
    outcomes.push(...verdict.checks);
    // As the wizard: ARCA is asked only about a certificate that passed every offline check.
    if (values.online && !outcomes.every((o) => o.ok))
      outcomes.push({ code: 'wsaa_not_attempted', ok: false });
    else if (values.online)
      outcomes.push(
        await login(
          db!,
          read.pem,
          keyPem,
          environment ?? verdict.certificate.environment ?? 'sandbox',
        ),
      );
    return finish(verdict.certificate);
  } finally {
    if (db) await (await import('@/lib/db')).stopDatabase();
  }
}

async function login(
  db: import('@/lib/db').Db,
  certificatePem: string,
  keyPem: string | undefined,
  environment: 'sandbox' | 'live',
): Promise<ArcaOutcome> {
  if (!keyPem) return { code: 'key_empty', ok: false };
  const result = await getAccessTicket({
    db,
    environment,
    url: getEnv().arca[environment].wsaa,
    certificatePem,
    privateKeyPem: keyPem,
  });
  return result.ok ? { code: 'wsaa_granted', ok: true } : result.outcome;
}

function print(verdict: Verdict, json: boolean): number {
  if (json) console.log(JSON.stringify(verdict));
  else {
    const c = verdict.certificate;
    if (c)
      console.log(
        `${c.subject}\n  issuer: ${c.issuer}\n  environment: ${c.environment ?? '-'}\n  valid: ${c.not_before} → ${c.not_after}\n  sha256: ${c.fingerprint}\n`,
      );
    for (const check of verdict.checks)
      console.log(`${check.ok ? '✓' : '✗'} ${check.code}: ${check.message}`);
    console.log(`\n${verdict.ok ? 'OK' : 'NOT OK'}`);
  }
  return verdict.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
