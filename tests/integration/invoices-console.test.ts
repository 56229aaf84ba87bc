import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInvoiceEntry,
  getInvoice,
  invoiceDigest,
  listInvoices,
  startInvoiceSend,
  type InvoiceFilters,
} from '@/lib/invoices';
import { setEntryState, stampEnvelope } from '@/lib/silo';
import { listWorkflows } from '@/lib/transform';
import { createWorkspace } from '@/lib/workspaces';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { describeEachDatabase } from './support/databases';
import { registerSupplier, type RegisteredSupplierFixture } from './support/registered-supplier';

const INVOICE = 'https://gobl.org/draft-0/bill/invoice';
const hyphenated = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;

function invoice(supplierCuit: string, extra: Record<string, unknown> = {}) {
  return {
    $schema: INVOICE,
    $addons: ['ar-arca-v4'],
    series: '2',
    issue_date: '2026-03-10',
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

describeEachDatabase('console invoices: listInvoices, getInvoice, startInvoiceSend', (database) => {
  let sim: RunningSimulator;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let supplier: RegisteredSupplierFixture;
  const ids: Record<'b' | 'a' | 'dni' | 'sent' | 'error', string> = {} as never;
  const db = () => database().db;
  const page = (filters: Partial<InvoiceFilters> = {}) =>
    listInvoices(db(), workspaceId, { page: 1, pageSize: 20, ...filters });

  beforeAll(async () => {
    sim = await startSimulator(db());
    workspaceId = (await createWorkspace(db(), { name: 'Facturas', environment: 'sandbox' })).id;
    otherWorkspaceId = (await createWorkspace(db(), { name: 'Otra', environment: 'sandbox' })).id;
    supplier = await registerSupplier(db(), sim, workspaceId);
    const create = async (body: unknown) =>
      (await createInvoiceEntry(db(), workspaceId, { body: { data: body } })).entry.id;
    ids.b = await create(invoice(supplier.cuit));
    // Factura A: 21 % and 10.5 % lines, one with a 10 % discount; the supplier's CUIT hyphenated, series with zeros.
    ids.a = await create(
      invoice(hyphenated(supplier.cuit), {
        series: '0003',
        issue_date: '2026-03-12',
        customer: {
          name: 'Panadería Sol SA',
          tax_id: { country: 'AR', code: '30712345671' },
          ext: { 'ar-arca-vat-status': '1' },
        },
        lines: [
          {
            quantity: '3',
            item: { name: 'Harina 000', price: '1000.10', key: 'goods' },
            discounts: [{ percent: '10%' }],
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
          {
            quantity: '1',
            item: { name: 'Pan', price: '0.10', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'reduced' }],
          },
        ],
      }),
    );
    ids.dni = await create(
      invoice(supplier.cuit, {
        issue_date: '2026-03-15',
        customer: {
          name: 'Juana Pérez',
          identities: [{ code: '12345678', ext: { 'ar-arca-identity-type': '96' } }],
        },
      }),
    );
    ids.sent = await create(invoice(supplier.cuit, { issue_date: '2026-03-20' }));
    ids.error = await create(invoice(supplier.cuit, { issue_date: '2026-03-21' }));
    // What the send step writes on approval and on refusal (lib/invoices apply-approval, through silo's verbs).
    await setEntryState(db(), workspaceId, ids.sent, 'processing');
    await stampEnvelope(db(), workspaceId, ids.sent, {
      digest: invoiceDigest,
      code: '124',
      taxExt: { 'ar-arca-doc-type': '6' },
      stamps: [
        { prv: 'arca-cae', val: '76123456789012' },
        { prv: 'arca-cae-expiry', val: '2026-03-30' },
        { prv: 'arca-qr', val: 'https://www.afip.gob.ar/fe/qr/?p=eyJ2ZXIiOjF9' },
      ],
      meta: {
        src: 'gov-ar',
        key: 'arca-response',
        value: {
          result: 'A',
          observations: [{ code: 10217, message: 'El credito fiscal...' }],
          errors: [],
          voucher_type: 6,
          point_of_sale: 2,
          number: 124,
          cae: '76123456789012',
          cae_expiry: '2026-03-30',
        },
      },
    });
    await setEntryState(db(), workspaceId, ids.sent, 'sent');
    await setEntryState(db(), workspaceId, ids.error, 'processing');
    await setEntryState(db(), workspaceId, ids.error, 'error', {
      faults: [{ provider: 'gov-ar', code: '10016', message: 'El numero no es el proximo' }],
    });
  }, 120_000);
  afterAll(() => sim.close());

  it('lists the workspace invoices newest first, numbered once sent, typed by ARCA or by the supplier regime, totalled in decimals', async () => {
    const result = await page();
    expect(result.total).toBe(5);
    expect(result.list.map((i) => i.id)).toEqual([ids.error, ids.sent, ids.dni, ids.a, ids.b]);
    const byId = Object.fromEntries(result.list.map((i) => [i.id, i]));
    expect(byId[ids.sent]).toMatchObject({
      state: 'sent',
      pointOfSale: '2',
      number: '124',
      displayNumber: '0002-00000124',
      voucherType: 6,
      cae: '76123456789012',
      caeExpiry: '2026-03-30',
      total: '12100.00',
      currency: 'ARS',
      customer: null,
      customerVatStatus: '5',
      // The registered supplier is responsable inscripto: ARCA's condition 1.
      supplier: { name: 'Librería Ñandú SRL', cuit: supplier.cuit, vatStatus: '1' },
    });
    // Not sent: no number; the type the send will choose (A for an IVA-registered customer, else B).
    expect(byId[ids.b]).toMatchObject({
      number: null,
      displayNumber: null,
      voucherType: 6,
      cae: null,
    });
    // 3 × 1000.10 − 10 % = 2700.27 at 21 % (567.0567 → 567.06) + 0.10 at 10.5 % (0.0105 → 0.01).
    expect(byId[ids.a]).toMatchObject({
      voucherType: 1,
      customerVatStatus: '1',
      total: '3267.44',
      customer: { name: 'Panadería Sol SA', document: { DocTipo: 80, DocNro: '30712345671' } },
    });
    expect(byId[ids.dni]!.customer).toEqual({
      name: 'Juana Pérez',
      document: { DocTipo: 96, DocNro: '12345678' },
    });
  });

  it('filters by state, point of sale (as written or zero-padded), supplier CUIT, issue dates and customer or number; pages', async () => {
    const only = async (filters: Partial<InvoiceFilters>) =>
      (await page(filters)).list.map((i) => i.id).sort();
    expect(await only({ state: 'sent' })).toEqual([ids.sent]);
    expect(await only({ state: 'error' })).toEqual([ids.error]);
    expect(await only({ state: 'processing' })).toEqual([]);
    expect(await only({ pointOfSale: '3' })).toEqual([ids.a]);
    expect(await only({ pointOfSale: '0002' })).toHaveLength(4);
    expect(await only({ supplierCuit: supplier.cuit })).toHaveLength(5);
    expect(await only({ supplierCuit: '20123456786' })).toEqual([]);
    expect(await only({ from: '2026-03-12', to: '2026-03-15' })).toEqual([ids.a, ids.dni].sort());
    expect(await only({ query: 'panadería' })).toEqual([ids.a]);
    // Accents and case aside, as an operator types on a phone.
    expect(await only({ query: 'PANADERIA' })).toEqual([ids.a]);
    expect(await only({ query: 'libreria ñandu' })).toHaveLength(5);
    expect(await only({ query: '124' })).toEqual([ids.sent]);
    expect(await only({ query: '100%_' })).toEqual([]);
    // As the list prints them: the CUIT hyphenated (stored without), the number padded, the DNI.
    expect(await only({ query: '30-71234567-1' })).toEqual([ids.a]);
    expect(await only({ query: '0002-00000124' })).toEqual([ids.sent]);
    expect(await only({ query: '00000124' })).toEqual([ids.sent]);
    expect(await only({ query: '0003-00000124' })).toEqual([]);
    expect(await only({ query: '12345678' })).toEqual([ids.dni]);
    expect(await only({ state: 'empty', pointOfSale: '2' })).toEqual([ids.b, ids.dni].sort());
    const second = await page({ pageSize: 2, page: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pages: 3 });
    expect(second.list.map((i) => i.id)).toEqual([ids.dni, ids.a]);
    expect((await page({ pageSize: 2, page: Infinity })).page).toBe(3);
  });

  it('reads one invoice: lines, IVA per rate and totals recalculated, ARCA answer, stamps and faults', async () => {
    const a = (await getInvoice(db(), workspaceId, ids.a))!;
    expect(a.read!.calculation).toMatchObject({
      sum: '2700.37',
      vat: [
        { rateId: 5, percent: '21', base: '2700.27', amount: '567.06' },
        { rateId: 4, percent: '10.5', base: '0.10', amount: '0.01' },
      ],
      vatTotal: '567.07',
      total: '3267.44',
    });
    expect(a.read!.calculation.lines.map((l) => l.discount)).toEqual(['300.03', '0.00']);
    expect(a).toMatchObject({ qr: null, arcaResponse: null, faults: [], pointOfSale: '0003' });

    const sent = (await getInvoice(db(), workspaceId, ids.sent))!;
    expect(sent.qr).toBe('https://www.afip.gob.ar/fe/qr/?p=eyJ2ZXIiOjF9');
    expect(sent.arcaResponse).toEqual({
      result: 'A',
      observations: [{ code: '10217', message: 'El credito fiscal...' }],
      errors: [],
      voucherType: 6,
      pointOfSale: 2,
      number: 124,
      cae: '76123456789012',
      caeExpiry: '2026-03-30',
    });
    // Sent, the document is read again with ARCA's number as its code (a client's code is kept too).
    expect(sent.read).not.toBeNull();
    expect(sent.doc.code).toBe('124');

    const failed = (await getInvoice(db(), workspaceId, ids.error))!;
    expect(failed.faults).toEqual([
      { provider: 'gov-ar', code: '10016', message: 'El numero no es el proximo' },
    ]);
  });

  it('keeps each workspace to its own invoices, and is no reader of other entries', async () => {
    expect(await getInvoice(db(), otherWorkspaceId, ids.a)).toBeUndefined();
    expect((await listInvoices(db(), otherWorkspaceId, { page: 1, pageSize: 20 })).total).toBe(0);
    expect(await getInvoice(db(), workspaceId, supplier.entryId)).toBeUndefined();
  });

  describe('startInvoiceSend', () => {
    it('makes the ar-invoice workflow once, and a double submit meets the first job', async () => {
      const first = await startInvoiceSend(db(), workspaceId, ids.b);
      const again = await startInvoiceSend(db(), workspaceId, ids.b);
      expect(first.created).toBe(true);
      expect(again).toMatchObject({ created: false, job: { id: first.job.id } });
      const both = await Promise.all([
        startInvoiceSend(db(), workspaceId, ids.dni),
        startInvoiceSend(db(), workspaceId, ids.dni),
      ]);
      expect(both[0].job.id).toBe(both[1].job.id);
      const workflows = (await listWorkflows(db(), workspaceId, { limit: 100 })).list;
      expect(workflows.filter((w) => w.template === 'ar-invoice')).toHaveLength(1);
      expect(first.job.workflowId).toBe(workflows.find((w) => w.template === 'ar-invoice')!.id);
    });

    it('retries an invoice in error with a new job, and refuses a sent one or another workspace’s', async () => {
      const retry = await startInvoiceSend(db(), workspaceId, ids.error);
      expect(retry.created).toBe(true);
      await expect(startInvoiceSend(db(), workspaceId, ids.sent)).rejects.toMatchObject({
        kind: 'conflict',
        code: 'invoice_not_sendable',
      });
      await expect(startInvoiceSend(db(), otherWorkspaceId, ids.a)).rejects.toMatchObject({
        kind: 'not_found',
      });
    });
  });
});
