import { createPrivateKey } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { readPrivateKey } from '@/lib/arca';
import { MAX_PBE_ITERATIONS } from '@/lib/arca/key-encryption-cost';
import type { Db } from '@/lib/db';
import {
  bringOwnCredentials,
  createRegistrationLink,
  getRegistrationByRef,
} from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { encryptPkcs8 } from '../fixtures/arca/encrypt-pkcs8';
import { apiHarness } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { readSharedAfip, REAL_CERTIFICATE, REAL_KEY } from '../support/shared-afip';
import { describeWithSharedAfip } from '../support/shared-afip-suite';
import { newCuit } from '../support/new-cuit';

async function newRegistration(db: Db) {
  const workspace = await createWorkspace(db, {
    name: 'key decryption test',
    environment: 'sandbox',
  });
  const { entry } = await createEntry(db, workspace.id, {
    body: {
      folder: 'suppliers',
      data: { name: 'Prueba SRL', tax_id: { country: 'AR', code: newCuit() } },
    },
  });
  const meta = await createRegistrationLink(db, workspace.id, entry.id);
  return (await getRegistrationByRef(db, meta.ref!))!;
}

/** Pings the API over HTTP until stopped; each answer is stamped with when it arrived. */
function keepPinging(call: ReturnType<typeof apiHarness>['call'], key: string) {
  const answered: { at: number; status: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const res = await call('GET', '/utils/v1/ping', { key });
      answered.push({ at: performance.now(), status: res.status });
      await sleep(5);
    }
  })();
  return {
    answered,
    between: (from: number, to: number) => answered.filter((a) => a.at > from && a.at < to).length,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

describeWithSharedAfip(
  [REAL_CERTIFICATE, REAL_KEY],
  'with the real sandbox certificate and key',
  () => {
    const certificate = readSharedAfip(REAL_CERTIFICATE);
    const keyDer = createPrivateKey(readSharedAfip(REAL_KEY)).export({
      type: 'pkcs8',
      format: 'der',
    }) as Buffer;

    describeEachDatabase('encrypted key uploads', (get) => {
      const api = apiHarness(() => get());

      it(
        'refuses a key whose scrypt cost was raised in the file within 1 s, while /utils/v1/ping keeps answering',
        { timeout: 30_000 },
        async () => {
          const registration = await newRegistration(get().db);
          // As in the report: made with scrypt N=16384 r=1 p=1, then p raised to 16384 in the DER (≈ 1.3 KB).
          const crafted = encryptPkcs8(
            keyDer,
            'clave',
            { scrypt: { N: 16384, r: 1, p: 1 } },
            { scrypt: { N: 16384, r: 1, p: 16384 } },
          );
          const pings = keepPinging(api.call, (await api.workspace({ connect: false })).key);
          await sleep(50);
          const started = performance.now();
          const result = await bringOwnCredentials(get().db, registration, {
            certificate,
            key: crafted,
            password: 'clave',
          });
          const elapsed = performance.now() - started;
          await sleep(50);
          await pings.stop();
          expect(result.problems.map((p) => p.code)).toEqual(['key_too_costly']);
          expect(elapsed).toBeLessThan(1_000);
          expect(pings.between(started + elapsed, Infinity)).toBeGreaterThan(0);
          expect(pings.answered.every((a) => a.status === 200)).toBe(true);
        },
      );

      it(
        'opens keys off the main thread: pings are answered while a batch of the costliest accepted keys is decrypted',
        { timeout: 60_000 },
        async () => {
          // Eight keys at the most PBKDF2 work accepted (100,000 iterations), queued on the one worker: a
          // window many pings long on any machine, and a main thread that would answer none if it did the work.
          const costliest = encryptPkcs8(keyDer, 'clave', {
            pbkdf2: { iterations: MAX_PBE_ITERATIONS },
          });
          const pings = keepPinging(api.call, (await api.workspace({ connect: false })).key);
          await sleep(50);
          const started = performance.now();
          const reads = await Promise.all(
            Array.from({ length: 8 }, () => readPrivateKey(costliest, 'clave')),
          );
          const finished = performance.now();
          await pings.stop();
          for (const read of reads) expect(read).toMatchObject({ ok: true, modulusLength: 2048 });
          expect(pings.answered.every((a) => a.status === 200)).toBe(true);
          expect(pings.between(started, finished)).toBeGreaterThan(0);
        },
      );
    });
  },
);
