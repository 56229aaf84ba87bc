import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/db';
import { getEntry } from '@/lib/silo';
import type { Job, Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  facturaB,
  invoiceEntry,
  invoiceRunner,
  registeredSupplier,
  sendJob,
  sendRow,
  simulatorInvoices,
  type RegisteredSupplier,
} from './support/invoice-fixtures';
import { retireJobs, waitForJobState } from './support/runner-fixtures';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const isDone = (job: Job) => !!job.completedAt;

/** Forgets the supplier's cached WSAA tickets, so the next send logs in to WSAA again. */
const forgetTickets = (db: Db, cuit: string) =>
  db.delete(schema.arcaTickets).where(eq(schema.arcaTickets.cuit, cuit));

describeEachDatabase('gov-ar.send: when ARCA gives the supplier no access ticket', (get) => {
  let sim: RunningSimulator;
  let runner: Runner;
  const owners: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator(get().db);
    runner = invoiceRunner(get().db, sim, { step: { timeoutMs: 5_000 } });
  });
  afterAll(async () => {
    await runner?.stop();
    await retireJobs(get().db, owners);
    await sim?.close();
  });
  const supplier = async () => {
    const made = await registeredSupplier(get().db, sim, 'sandbox');
    owners.push(made.ownerId);
    return made;
  };
  const send = async (s: RegisteredSupplier) => {
    const db = get().db;
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, 3));
    const job = await sendJob(db, s, entryId);
    return { entryId, job: await waitForJobState(db, s.ownerId, job.id, isDone, 30_000) };
  };
  const expectNothingSent = async (s: RegisteredSupplier, entryId: string, before: number) => {
    const db = get().db;
    expect(sim.methods.slice(before)).not.toContain('FECAESolicitar');
    expect(await sendRow(db, entryId)).toBeUndefined();
    expect(await simulatorInvoices(db, s.cuit)).toEqual([]);
    expect((await getEntry(db, s.ownerId, entryId))!.state).toBe('error');
  };

  it('wsfe no longer authorised (coe.notAuthorized): KO at once with how to authorise it again, nothing sent', async () => {
    const db = get().db;
    const s = await supplier();
    await db
      .delete(schema.arcaSimAuthorizations)
      .where(eq(schema.arcaSimAuthorizations.cuit, s.cuit));
    await forgetTickets(db, s.cuit);
    const before = sim.methods.length;
    const { entryId, job } = await send(s);
    expect(job.status).toBe('KO');
    expect(job.faults).toEqual([
      expect.objectContaining({ provider: 'gov-ar', code: 'arca_not_authorized' }),
    ]);
    expect(job.faults[0]!.message).toMatch(/create the authorization for the "wsfe" service/);
    expect(job.faults[0]!.message).toMatch(/WSAA: wsaa_not_authorized/);
    // One run, no retries: the answer will not change until someone acts in ARCA.
    const send_ = job.intents.find((i) => i.provider === 'gov-ar.send')!;
    expect(send_.events.filter((e) => e.status === 'ERR')).toEqual([]);
    await expectNothingSent(s, entryId, before);
  });

  it('certificate expired (cms.cert.expired): KO at once with how to renew it, nothing sent', async () => {
    const db = get().db;
    const s = await supplier();
    await forgetTickets(db, s.cuit);
    sim.clock.now = new Date(Date.now() + 3 * 365 * 86_400_000);
    try {
      const before = sim.methods.length;
      const { entryId, job } = await send(s);
      expect(job.status).toBe('KO');
      expect(job.faults).toEqual([
        expect.objectContaining({ provider: 'gov-ar', code: 'arca_certificate_refused' }),
      ]);
      expect(job.faults[0]!.message).toMatch(/certificate has expired.*create another certificate/);
      await expectNothingSent(s, entryId, before);
    } finally {
      sim.clock.follow();
    }
  });

  it('WSAA unreachable: the job keeps retrying with backoff and sends nothing meanwhile', async () => {
    const db = get().db;
    const s = await supplier();
    await forgetTickets(db, s.cuit);
    // WSAA on a port nobody listens to (the simulator's own server, closed), WSFE as usual.
    const closed = await startSimulator(db);
    await closed.close();
    const offline = invoiceRunner(db, sim, {
      step: {
        timeoutMs: 2_000,
        endpointsFor: (environment) => ({
          ...sim.urls[environment],
          wsaa: closed.urls[environment].wsaa,
        }),
      },
    });
    await runner.stop();
    try {
      const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, 3));
      const job = await sendJob(db, s, entryId);
      const retrying = await waitForJobState(
        db,
        s.ownerId,
        job.id,
        (j) =>
          j.intents.some(
            (i) => i.provider === 'gov-ar.send' && i.events.some((e) => e.status === 'ERR'),
          ),
        30_000,
      );
      expect(retrying.completedAt).toBeFalsy();
      const event = retrying.intents
        .find((i) => i.provider === 'gov-ar.send')!
        .events.find((e) => e.status === 'ERR')!;
      expect(event.message).toMatch(
        /no ARCA access ticket \(wsaa_unreachable\); next attempt in 2 s/,
      );
      expect(await sendRow(db, entryId)).toBeUndefined();
      expect(await simulatorInvoices(db, s.cuit)).toEqual([]);
    } finally {
      await offline.stop();
      runner = invoiceRunner(db, sim, { step: { timeoutMs: 5_000 } });
    }
  });
});
