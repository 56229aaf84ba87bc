import { createPrivateKey } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import {
  checkCertificate,
  createCsr,
  generateKeyPair,
  getAccessTicket,
  readCertificate,
  readPrivateKey,
} from '@/lib/arca';
import { authorizeService, createArcaSimulator, issueCertificate } from '@/lib/arca-simulator';
import { openDatabase } from '@/lib/db';
import type { BenchRow } from '../support/types';
import { readSharedAfip, REAL_CERTIFICATE, REAL_KEY } from '../../tests/support/shared-afip';

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number(
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2),
  );
};
async function time(n: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return samples;
}
const row = (scenario: string, variant: string, samples: number[], note: string): BenchRow => ({
  scenario,
  variant,
  p50_ms: percentile(samples, 50),
  p99_ms: percentile(samples, 99),
  note,
});

/** ARCA adapter: key + CSR, offline validation, LoginCms against the in-process simulator with and without the ticket cache. */
export default async function arcaScenario(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const keygen = await time(20, async (i) => {
    const { privateKeyPem } = await generateKeyPair();
    await createCsr({
      companyName: 'Bench SA',
      alias: `bench${i}`,
      cuit: '20329642330',
      privateKeyPem,
    });
  });
  rows.push(row('ARCA key + CSR', 'RSA-2048 (thread pool) + PKCS#10', keygen, 'n=20'));

  const pem = readSharedAfip(REAL_CERTIFICATE);
  const key = readSharedAfip(REAL_KEY).toString('utf8');
  const inside = new Date('2025-06-01T00:00:00Z');
  const offline = await time(500, () => {
    const read = readCertificate(pem);
    if (
      !read.ok ||
      !checkCertificate(read.certificate, {
        environment: 'sandbox',
        cuit: '20329642330',
        key,
        now: inside,
      }).ok
    )
      throw new Error('bench certificate should pass');
  });
  rows.push(
    row('ARCA offline validation', 'intake + 6 checks, real sandbox cert', offline, 'n=500'),
  );

  // Key intake speed (the fuzz test only checks answers): a malformed key is refused on the main thread,
  // an encrypted one (PBKDF2 as OpenSSL writes it) is opened on the worker thread.
  const encrypted = createPrivateKey(key).export({
    type: 'pkcs8',
    format: 'pem',
    cipher: 'aes-256-cbc',
    passphrase: 'clave',
  });
  const malformed = await time(500, (i) =>
    readPrivateKey(Buffer.from(key.replace(/[A-Za-z]/, String(i % 10)))),
  );
  rows.push(row('ARCA key intake', 'damaged PEM key, refused', malformed, 'n=500'));
  const opened = await time(20, async () => {
    if (!(await readPrivateKey(encrypted, 'clave')).ok) throw new Error('bench key should open');
  });
  rows.push(
    row('ARCA key intake', 'encrypted PKCS#8 (PBES2, PBKDF2 2,048), worker thread', opened, 'n=20'),
  );

  const database = await openDatabase({ dataDir: 'memory://' });
  const clock = { now: new Date() };
  const app = new Hono().route(
    '/simulator/arca',
    createArcaSimulator({ db: async () => database.db, now: () => clock.now }),
  );
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/simulator/arca/sandbox/wsaa`;
    const { privateKeyPem } = await generateKeyPair();
    const csrPem = await createCsr({
      companyName: 'Bench SA',
      alias: 'benchlogin',
      cuit: '20329642330',
      privateKeyPem,
    });
    const issued = await issueCertificate(database.db, { environment: 'sandbox', csrPem });
    if (!issued.ok) throw new Error(issued.error);
    await authorizeService(database.db, {
      environment: 'sandbox',
      cuit: '20329642330',
      alias: 'benchlogin',
    });
    const options = {
      db: database.db,
      environment: 'sandbox' as const,
      url,
      certificatePem: issued.certificatePem,
      privateKeyPem,
      now: () => clock.now,
    };
    // Each uncached login moves both clocks past the previous ticket's 12 h, as a real renewal would.
    const uncached = await time(30, async () => {
      clock.now = new Date(clock.now.getTime() + 13 * 3_600_000);
      const result = await getAccessTicket(options);
      if (!result.ok || result.from !== 'wsaa') throw new Error('expected a fresh login');
    });
    rows.push(
      row(
        'ARCA LoginCms round trip',
        'no cache: TRA + CMS + HTTP + simulator verify + store',
        uncached,
        'n=30, PGlite in memory',
      ),
    );
    const cached = await time(300, async () => {
      const result = await getAccessTicket(options);
      if (!result.ok || result.from !== 'cache') throw new Error('expected a cached ticket');
    });
    rows.push({
      ...row('ARCA LoginCms round trip', 'ticket cache hit (database read)', cached, 'n=300'),
      ratio: Number((percentile(uncached, 50) / percentile(cached, 50)).toFixed(1)),
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  }
  return rows;
}
