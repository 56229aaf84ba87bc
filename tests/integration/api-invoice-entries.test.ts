import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestHash } from '@/lib/idempotency';
import { createWorkspace } from '@/lib/workspaces';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { newCuit } from '../support/new-cuit';
import { apiHarness } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';
import { registerSupplier, type RegisteredSupplierFixture } from './support/registered-supplier';

const INVOICE = 'https://gobl.org/draft-0/bill/invoice';
const ENVELOPE = 'https://gobl.org/draft-0/envelope';
const today = () => new Date().toISOString().slice(0, 10);

/** A Factura B of goods to a final consumer: the smallest invoice a responsable inscripto issues. */
function invoiceOf(supplierCuit: string, extra: Record<string, unknown> = {}) {
  return {
    $schema: INVOICE,
    $addons: ['ar-arca-v4'],
    series: '2',
    issue_date: today(),
    supplier: { name: 'Librería Ñandú SRL', tax_id: { country: 'AR', code: supplierCuit } },
    lines: [
      {
        quantity: '2',
        item: { name: 'Resma A4', price: '5000.00', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
    ...extra,
  };
}

describeEachDatabase('API invoice entries', (database) => {
  const api = apiHarness(database);
  let sim: RunningSimulator;
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  let ri: RegisteredSupplierFixture;
  beforeAll(async () => {
    sim = await startSimulator(database().db);
    ws = await api.workspace();
    ri = await registerSupplier(database().db, sim, ws.id);
  });
  afterAll(() => sim.close());

  const post = (json: unknown, key = ws.key) => api.call('POST', '/silo/v1/entries', { key, json });

  it('stores a Factura B to a final consumer as a GOBL envelope with its totals, in invoices, state empty', async () => {
    const res = await post({ data: invoiceOf(ri.cuit) });
    expect(res.status).toBe(200);
    const { id, data } = res.body;
    expect(res.body).toMatchObject({
      folder: 'invoices',
      state: 'empty',
      doc_schema: INVOICE,
      env_schema: ENVELOPE,
      meta: [],
      faults: [],
    });
    expect(data).toEqual({
      $schema: ENVELOPE,
      head: { uuid: id, dig: { alg: 'sha256', val: requestHash(data.doc) } },
      doc: {
        $schema: INVOICE,
        $regime: 'AR',
        $addons: ['ar-arca-v4'],
        type: 'standard',
        series: '2',
        issue_date: today(),
        currency: 'ARS',
        supplier: { name: 'Librería Ñandú SRL', tax_id: { country: 'AR', code: ri.cuit } },
        lines: [
          {
            i: 1,
            quantity: '2',
            item: { name: 'Resma A4', price: '5000.00', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'general' }],
            sum: '10000.00',
            total: '10000.00',
          },
        ],
        totals: {
          sum: '10000.00',
          total: '10000.00',
          taxes: {
            categories: [
              {
                code: 'VAT',
                rates: [
                  {
                    key: 'standard',
                    ext: { 'ar-arca-vat-rate': '5' },
                    base: '10000.00',
                    percent: '21.0%',
                    amount: '2100.00',
                  },
                ],
                amount: '2100.00',
              },
            ],
            sum: '2100.00',
          },
          tax: '2100.00',
          total_with_tax: '12100.00',
          payable: '12100.00',
        },
      },
    });
    expect(data.doc).not.toHaveProperty('code');
    const read = await api.call('GET', `/silo/v1/entries/${id}`, { key: ws.key });
    expect(read.body).toEqual(res.body);
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});

void randomUUID;
void createWorkspace;
void newCuit;
