import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@/lib/db';
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

describeEachDatabase('gov-ar.send: a stored voucher is read, never trusted', (get) => {
  let sim: RunningSimulator;
  let runner: Runner;
  let supplier: RegisteredSupplier;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
    supplier = await registeredSupplier(get().db, sim, 'sandbox');
    runner = invoiceRunner(get().db, sim, { step: { timeoutMs: 5_000 } });
  });
  afterAll(async () => {
    await runner?.stop();
    await retireJobs(get().db, supplier ? [supplier.ownerId] : []);
    await sim?.close();
  });

  /** An entry whose send is pending under number 1 with `voucher` stored, sent again. */
  async function resend(pointOfSale: number, voucher: unknown) {
    const db = get().db;
    const s = supplier;
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, pointOfSale));
    await db.insert(schema.invoiceSends).values({
      entryId,
      ownerId: s.ownerId,
      supplierEntryId: s.supplierEntryId,
      environment: 'sandbox',
      cuit: s.cuit,
      pointOfSale,
      voucherType: 6,
      number: 1,
      voucher,
      requestHash: 'x',
      status: 'pending',
    });
    const job = await waitForJobState(db, s.ownerId, (await sendJob(db, s, entryId)).id, isDone);
    return { entryId, job };
  }

  it('a pending number whose stored voucher is not one: review naming why, nothing sent', async () => {
    const { entryId, job } = await resend(41, { PtoVta: 41, CbteTipo: 6, CbteNro: 1 });
    expect(job.status).toBe('KO');
    expect(job.faults[0]).toMatchObject({ code: 'arca_review' });
    expect(job.faults[0]!.message).toMatch(/the voucher stored under number 1 is not one/);
    expect(await sendRow(get().db, entryId)).toMatchObject({ status: 'pending', number: 1 });
    expect(await simulatorInvoices(get().db, supplier.cuit)).toEqual([]);
  });

  it('a stored voucher of another point of sale than its row: review, nothing sent', async () => {
    const db = get().db;
    // The voucher the entry maps to, numbered, but stored as if for point of sale 43.
    const probe = await invoiceEntry(db, supplier.ownerId, facturaB(supplier.cuit, 42));
    const mapped = await waitForJobState(
      db,
      supplier.ownerId,
      (await sendJob(db, supplier, probe)).id,
      isDone,
    );
    expect(mapped.status).toBe('OK');
    const stored = (await sendRow(db, probe))!.voucher as Record<string, unknown>;
    const { entryId, job } = await resend(43, { ...stored, PtoVta: 44 });
    expect(job.faults[0]).toMatchObject({ code: 'arca_review' });
    expect(job.faults[0]!.message).toMatch(/PtoVta 44 \(the row's point of sale is 43\)/);
    expect(await sendRow(db, entryId)).toMatchObject({ status: 'pending', number: 1 });
    const held = await simulatorInvoices(db, supplier.cuit);
    expect(held.map((h) => h.pointOfSale)).toEqual([42]);
  });
});
