import { afterAll, beforeAll, expect, it } from 'vitest';
import { getEntry } from '@/lib/silo';
import { createWorkflow, type Job, type Runner } from '@/lib/transform';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { newCuit } from '../support/new-cuit';
import { apiHarness } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import {
  argentinaDate,
  invoiceRunner,
  sendJob,
  simulatorInvoices,
  type RegisteredSupplier,
} from './support/invoice-fixtures';
import { registerSupplier } from './support/registered-supplier';
import { retireJobs, waitForJobState } from './support/runner-fixtures';

type Json = Record<string, unknown>;
const isDone = (job: Job) => !!job.completedAt;

/**
 * A Factura A of goods whose prices include IVA: 3 × 1,000.00 at 21 %, 552.50 at 10.5 %, 200.00
 * exempt, and a 3 % IIBB perception on the lines as written. Net of IVA: 3,000 / 1.21 = 2,479.3388
 * (IVA 520.6611) and 552.50 / 1.105 = 500 (IVA 52.50); the perception is 3 % of 3,752.50 = 112.58.
 */
const invoiceOf = (supplierCuit: string): Json => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  series: '4',
  issue_date: argentinaDate(),
  tax: { prices_include: 'VAT' },
  supplier: { name: 'Librería Ñandú SRL', tax_id: { country: 'AR', code: supplierCuit } },
  customer: { name: 'Cliente Comercial SRL', tax_id: { country: 'AR', code: newCuit() } },
  lines: [
    {
      quantity: '3',
      item: { name: 'Resma A4', price: '1000.00', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
    {
      quantity: '1',
      item: { name: 'Libro', price: '552.50', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'reduced' }],
    },
    {
      quantity: '1',
      item: { name: 'Diario', price: '200.00', key: 'goods' },
      taxes: [{ cat: 'VAT', key: 'exempt' }],
    },
  ],
  charges: [
    {
      key: 'tax',
      percent: '3%',
      reason: 'Percepción IIBB',
      ext: { 'ar-arca-tax-type': '7' },
    },
  ],
});

// GOBL keeps the perception unrounded (112.5750) and the IVA (573.1611) until the end: total
// 3,752.50 + 112.575 − 573.1611 = 3,291.9139, total with tax 3,865.075 → 3,865.08.
const TOTALS = {
  sum: '3752.50',
  charge: '112.58',
  tax_included: '573.16',
  total: '3291.91',
  tax: '573.16',
  total_with_tax: '3865.08',
  payable: '3865.08',
};
const RATES = [
  { key: 'standard', base: '2479.34', percent: '21.0%', amount: '520.66' },
  { key: 'standard', base: '500.00', percent: '10.5%', amount: '52.50' },
  { key: 'exempt', base: '200.00', amount: '0.00' },
];

describeEachDatabase(
  'prices including IVA: created through the API and sent to the simulated ARCA',
  (database) => {
    const api = apiHarness(database);
    let sim: RunningSimulator;
    let runner: Runner;
    let ws: Awaited<ReturnType<typeof api.workspace>>;
    let supplier: RegisteredSupplier;
    beforeAll(async () => {
      const { db } = database();
      sim = await startSimulator(db);
      runner = invoiceRunner(db, sim, { step: { timeoutMs: 10_000 } });
      ws = await api.workspace();
      const registered = await registerSupplier(db, sim, ws.id);
      const { workflow } = await createWorkflow(db, ws.id, { template: 'ar-invoice' });
      supplier = {
        ownerId: ws.id,
        supplierEntryId: registered.entryId,
        workflowId: workflow.id,
        cuit: registered.cuit,
        environment: registered.environment,
      };
    }, 60_000);
    afterAll(async () => {
      await runner?.stop();
      await retireJobs(database().db, ws ? [ws.id] : []);
      await sim?.close();
    });

    it('builds and stores them as GOBL does, then ARCA approves the net amounts with a CAE', async () => {
      const { db } = database();
      const data = invoiceOf(supplier.cuit);
      const build = await api.call('POST', '/silo/v1/gobl/build', { key: ws.key, json: { data } });
      expect(build.status).toBe(200);
      const created = await api.call('POST', '/silo/v1/entries', { key: ws.key, json: { data } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      for (const doc of [build.body.data, created.body.data.doc] as Json[]) {
        expect(doc.tax).toMatchObject({ prices_include: 'VAT', ext: { 'ar-arca-doc-type': '1' } });
        expect(doc.totals).toMatchObject(TOTALS);
        const rates = (doc.totals as { taxes: { categories: { rates: Json[] }[] } }).taxes
          .categories[0]!.rates;
        expect(rates.map(({ ext: _ext, ...rate }) => rate)).toEqual(RATES);
        // Each line stays as the client wrote it, with its IVA.
        expect((doc.lines as Json[]).map((l) => l.total)).toEqual(['3000.00', '552.50', '200.00']);
      }

      const entryId = created.body.id as string;
      const job = await waitForJobState(
        db,
        ws.id,
        (await sendJob(db, supplier, entryId)).id,
        isDone,
        30_000,
      );
      expect(job.status, JSON.stringify(job.faults)).toBe('OK');
      // The simulator holds the request as ARCA read it: every value a text.
      const [held] = await simulatorInvoices(db, supplier.cuit);
      expect(held!.request).toMatchObject({
        CbteTipo: '1',
        ImpNeto: '2979.34',
        ImpIVA: '573.16',
        ImpOpEx: '200.00',
        ImpTrib: '112.58',
        ImpTotConc: '0.00',
        ImpTotal: '3865.08',
        Iva: [
          { Id: '5', BaseImp: '2479.34', Importe: '520.66' },
          { Id: '4', BaseImp: '500.00', Importe: '52.50' },
        ],
        Tributos: [expect.objectContaining({ Id: '7', BaseImp: '3752.50', Importe: '112.58' })],
      });
      const entry = (await getEntry(db, ws.id, entryId))!;
      expect(entry.state).toBe('sent');
      const stamps = (entry.data as { head: { stamps: { prv: string; val: string }[] } }).head
        .stamps;
      expect(stamps.find((s) => s.prv === 'arca-cae')?.val).toMatch(/^\d{14}$/);
    }, 60_000);
  },
);
