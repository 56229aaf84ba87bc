import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { getInvoice } from '@/lib/invoices';
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
import { startWsfeProxy } from './support/wsfe-proxy';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const isDone = (job: Job) => !!job.completedAt;

/** Rewrites the simulated ARCA's FECAESolicitar answers while `rewrite` is set. */
async function startRewritingGateway(target: string) {
  const state: { rewrite?: (xml: string) => string } = {};
  const proxy = await startWsfeProxy(target, async ({ soapAction, body, forward }) => {
    if (!state.rewrite || !soapAction.includes('FECAESolicitar')) return;
    const answer = await forward(body);
    return { status: answer.status, body: state.rewrite(await answer.text()) };
  });
  return { state, ...proxy };
}

describeEachDatabase('gov-ar.invoice: every approval checked against what was sent', (get) => {
  let sim: RunningSimulator;
  let gateway: Awaited<ReturnType<typeof startRewritingGateway>>;
  let runner: Runner;
  const owners: string[] = [];
  beforeAll(async () => {
    const db = get().db;
    sim = await startSimulator(db);
    gateway = await startRewritingGateway(sim.urls.sandbox.wsfe);
    runner = invoiceRunner(db, sim, {
      step: {
        timeoutMs: 5_000,
        endpointsFor: (environment) => ({ ...sim.urls[environment], wsfe: gateway.url }),
      },
    });
  });
  afterAll(async () => {
    await runner?.stop();
    await retireJobs(get().db, owners);
    await gateway?.close();
    await sim?.close();
  });

  async function supplier(): Promise<RegisteredSupplier> {
    const s = await registeredSupplier(get().db, sim, 'sandbox');
    owners.push(s.ownerId);
    return s;
  }

  async function send(s: RegisteredSupplier, pointOfSale: number) {
    const db = get().db;
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, pointOfSale));
    const job = await waitForJobState(db, s.ownerId, (await sendJob(db, s, entryId)).id, isDone);
    return { entryId, job };
  }

  async function expectReviewedNotStamped(s: RegisteredSupplier, entryId: string, job: Job) {
    expect(job.status).toBe('KO');
    expect(job.faults[0]).toMatchObject({ code: 'arca_review' });
    expect(await sendRow(get().db, entryId)).toMatchObject({ status: 'review', cae: null });
    const invoice = await getInvoice(get().db, s.ownerId, entryId);
    expect(invoice).toMatchObject({ cae: null, qr: null });
    return job.faults[0]!.message;
  }

  it('an approval naming another point of sale and number is never adopted', async () => {
    const s = await supplier();
    gateway.state.rewrite = (xml) =>
      xml
        .replace(/<PtoVta>\d+<\/PtoVta>/, '<PtoVta>4000</PtoVta>')
        .replace(/<CbteDesde>\d+<\/CbteDesde>/, '<CbteDesde>79</CbteDesde>')
        .replace(/<CbteHasta>\d+<\/CbteHasta>/, '<CbteHasta>79</CbteHasta>');
    const { entryId, job } = await send(s, 31);
    gateway.state.rewrite = undefined;
    const message = await expectReviewedNotStamped(s, entryId, job);
    expect(message).toMatch(/PtoVta sent 31, ARCA answered 4000/);
    expect(message).toMatch(/CbteDesde sent 1, ARCA answered 79/);
  });

  it('an approval for another CUIT or date is never adopted', async () => {
    const s = await supplier();
    gateway.state.rewrite = (xml) =>
      xml
        .replace(/<Cuit>\d+<\/Cuit>/, '<Cuit>20111111112</Cuit>')
        .replace(/<CbteFch>\d+<\/CbteFch>/, '<CbteFch>20200101</CbteFch>');
    const { entryId, job } = await send(s, 32);
    gateway.state.rewrite = undefined;
    const message = await expectReviewedNotStamped(s, entryId, job);
    expect(message).toMatch(/Cuit sent \d{11}, ARCA answered 20111111112/);
    expect(message).toMatch(/CbteFch sent \d{8}, ARCA answered 20200101/);
  });

  it('a CAE that expires before the voucher date is never adopted', async () => {
    const s = await supplier();
    gateway.state.rewrite = (xml) =>
      xml.replace(/<CAEFchVto>\d+<\/CAEFchVto>/, '<CAEFchVto>20000101</CAEFchVto>');
    const { entryId, job } = await send(s, 33);
    gateway.state.rewrite = undefined;
    expect(await expectReviewedNotStamped(s, entryId, job)).toMatch(
      /CAEFchVto sent ≥ \d{8}, ARCA answered 20000101/,
    );
  });

  it("ARCA's last number below one held here as approved: review naming both numbers", async () => {
    const s = await supplier();
    const first = await send(s, 34);
    expect(first.job.status).toBe('OK');
    // A homologación reset: ARCA forgets the voucher this system holds as approved.
    await get().db.delete(schema.arcaSimInvoices).where(eq(schema.arcaSimInvoices.cuit, s.cuit));
    const { entryId, job } = await send(s, 34);
    const message = await expectReviewedNotStamped(s, entryId, job);
    expect(message).toMatch(/ARCA's last number is 0, but number 1 is already held/);
    expect(await simulatorInvoices(get().db, s.cuit)).toEqual([]);
  });
});
