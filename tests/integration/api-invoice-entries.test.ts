import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestHash } from '@/lib/idempotency';
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
            // The VAT combo as GOBL normalises it: key, the regime's percent and the addon's rate.
            taxes: [
              {
                cat: 'VAT',
                key: 'standard',
                rate: 'general',
                percent: '21.0%',
                ext: { 'ar-arca-vat-rate': '5' },
              },
            ],
            sum: '10000.00',
            total: '10000.00',
          },
        ],
        // The addon's extensions, set at creation: goods (concept 1), Factura B (6).
        tax: { ext: { 'ar-arca-concept': '1', 'ar-arca-doc-type': '6' } },
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

  it('stores a Factura A to a CUIT customer with the reduced rate, and a top-level invoice the same way', async () => {
    const customer = {
      name: 'Almacén Don Tito SA',
      tax_id: { country: 'AR', code: '30-70707070-2' },
      ext: { 'ar-arca-vat-status': '1' },
    };
    const lines = [
      {
        quantity: '3',
        item: { name: 'Docena de facturas', price: 1000.5, key: 'goods' },
        taxes: [{ cat: 'VAT', percent: '10.5%' }],
      },
    ];
    const res = await post({ data: invoiceOf(ri.cuit, { customer, lines }) });
    expect(res.status).toBe(200);
    // GOBL's build writes a tax ID's code without the separators people type.
    expect(res.body.data.doc.customer).toEqual({
      ...customer,
      tax_id: { country: 'AR', code: '30707070702' },
    });
    // GOBL writes a price with the currency's two decimals at least (the JSON number 1000.5 too).
    expect(res.body.data.doc.lines[0]).toMatchObject({
      i: 1,
      item: { price: '1000.50' },
      sum: '3001.50',
      total: '3001.50',
    });
    expect(res.body.data.doc.totals).toMatchObject({
      sum: '3001.50',
      total: '3001.50',
      taxes: {
        categories: [
          { rates: [{ ext: { 'ar-arca-vat-rate': '4' }, percent: '10.5%', amount: '315.16' }] },
        ],
      },
      tax: '315.16',
      total_with_tax: '3316.66',
      payable: '3316.66',
    });

    const topLevel = await post({ key: `top-${randomUUID()}`, ...invoiceOf(ri.cuit) });
    expect(topLevel.status).toBe(200);
    expect(topLevel.body).toMatchObject({ folder: 'invoices', doc_schema: INVOICE });
  });

  it('stores a Factura C of a monotributista supplier, with no IVA', async () => {
    const mono = await registerSupplier(database().db, sim, ws.id, { regime: 'monotributista' });
    const res = await post({
      folder: 'facturas-c',
      data: invoiceOf(mono.cuit, {
        customer: {
          name: 'Julieta Paz',
          identities: [{ code: '30123456', ext: { 'ar-arca-identity-type': '96' } }],
        },
        lines: [
          { quantity: '1', item: { name: 'Clase de guitarra', price: '15000', key: 'goods' } },
        ],
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.folder).toBe('facturas-c');
    expect(res.body.data.doc.totals).toEqual({
      sum: '15000.00',
      total: '15000.00',
      tax: '0.00',
      total_with_tax: '15000.00',
      payable: '15000.00',
    });
    // Factura C (11) of goods; a customer with no tax ID is a final consumer (5) by default.
    expect(res.body.data.doc.tax).toEqual({
      ext: { 'ar-arca-concept': '1', 'ar-arca-doc-type': '11' },
    });
    expect(res.body.data.doc.customer).toEqual({
      name: 'Julieta Paz',
      identities: [{ code: '30123456', ext: { 'ar-arca-identity-type': '96' } }],
      ext: { 'ar-arca-vat-status': '5' },
    });
    // The same invoice with IVA on its line is refused: class C carries none.
    const withVat = await post({ data: invoiceOf(mono.cuit) });
    expect(withVat.status).toBe(422);
    expect(withVat.body.fields.data['lines[0]'].taxes).toMatch(
      /^type_c_line_taxes \(GOBL-AR-ARCA-BILL-INVOICE-23, ARCA 10071\): /,
    );
  });

  it('stores a credit note naming the invoice it corrects, and an invoice in dollars with its exchange rate', async () => {
    const note = await post({
      data: invoiceOf(ri.cuit, {
        type: 'credit-note',
        preceding: [
          { series: '2', code: '124', issue_date: today(), ext: { 'ar-arca-doc-type': '6' } },
        ],
      }),
    });
    expect(note.status).toBe(200);
    expect(note.body.data.doc).toMatchObject({
      type: 'credit-note',
      preceding: [{ series: '2', code: '124', ext: { 'ar-arca-doc-type': '6' } }],
    });
    const noteWithoutPreceding = await post({
      data: invoiceOf(ri.cuit, { type: 'credit-note' }),
    });
    expect(noteWithoutPreceding.status).toBe(422);
    expect(noteWithoutPreceding.body.fields.data.preceding).toMatch(
      /^preceding_required \(GOBL-AR-ARCA-BILL-INVOICE-21\): /,
    );

    // 12100.00 dollars at 1050.25 are $12,708,025.00: from $10,000,000 ARCA requires the customer's
    // document (RG 5700/2025), so this one is identified by DNI.
    const dollars = {
      currency: 'USD',
      exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1050.25' }],
    };
    const usd = await post({
      data: invoiceOf(ri.cuit, {
        ...dollars,
        customer: {
          name: 'Juana Pérez',
          identities: [{ code: '12345678', ext: { 'ar-arca-identity-type': '96' } }],
        },
      }),
    });
    expect(usd.status).toBe(200);
    expect(usd.body.data.doc).toMatchObject({
      currency: 'USD',
      exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1050.25' }],
      totals: { payable: '12100.00' },
    });
    // Unidentified, the same invoice is refused: its rate takes it over the threshold in pesos.
    const usdUnidentified = await post({ data: invoiceOf(ri.cuit, dollars) });
    expect(usdUnidentified.status).toBe(422);
    expect(usdUnidentified.body.fields.data).toEqual({
      customer: expect.stringMatching(/^identity_threshold: /),
    });
    const usdWithoutRate = await post({ data: invoiceOf(ri.cuit, { currency: 'USD' }) });
    expect(usdWithoutRate.status).toBe(422);
    expect(usdWithoutRate.body.fields.data.exchange_rates).toMatch(
      /^exchange_rate_required \(GOBL-AR-ARCA-BILL-INVOICE-24\): /,
    );
  });

  it('answers one 422 naming every bad field of the request, each with its problem code', async () => {
    const bad = invoiceOf(ri.cuit, {
      code: '99',
      issue_date: '2026-02-30',
      colour: 'blue',
      lines: [
        { quantity: '0', item: { name: 'Resma', price: 'abc' }, taxes: [{ cat: 'VAT' }] },
        { quantity: '1', item: { name: '', price: '-1' } },
      ],
    });
    delete (bad as { series?: string }).series;
    const res = await post({ data: bad });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const fields = res.body.fields.data;
    // A client's `code` is no fault (it is kept until ARCA numbers the invoice), and the missing
    // series breaks one of GOBL's rules, which apply to a well-formed invoice (below).
    expect(fields).toEqual({
      issue_date: expect.stringMatching(/^invalid_date: /),
      colour: expect.stringMatching(/^unknown_field: /),
      'lines[0]': {
        quantity: expect.stringMatching(/^not_positive: /),
        item: { price: expect.stringMatching(/^invalid_decimal: /) },
      },
      'lines[1]': {
        item: {
          name: expect.stringMatching(/^required: /),
          price: expect.stringMatching(/^negative: /),
        },
      },
    });
    expect(res.body.detail).toContain('data.lines[0].item.price (invalid_decimal)');

    const noSeries = invoiceOf(ri.cuit);
    delete (noSeries as { series?: string }).series;
    const withoutSeries = await post({ data: noSeries });
    expect(withoutSeries.status).toBe(422);
    expect(withoutSeries.body.fields.data).toEqual({
      series: expect.stringMatching(/^series_required \(GOBL-AR-ARCA-BILL-INVOICE-01\): /),
    });
    expect(withoutSeries.body.detail).toContain(
      'data.series (series_required, GOBL-AR-ARCA-BILL-INVOICE-01)',
    );

    // A client's code is kept in the stored document, until ARCA's number replaces it.
    const coded = await post({ data: invoiceOf(ri.cuit, { code: 'A-0001' }) });
    expect(coded.status).toBe(200);
    expect(coded.body.data.doc.code).toBe('A-0001');

    // The rules of a well-formed invoice are all reported together too.
    const rules = await post({
      data: invoiceOf(ri.cuit, {
        lines: [
          { quantity: '1', item: { name: 'Soporte técnico', price: '100', key: 'services' } },
          {
            quantity: '1',
            item: { name: 'Precio cero', price: '0', key: 'goods' },
            taxes: [{ cat: 'VAT', percent: '19%' }],
          },
        ],
      }),
    });
    expect(rules.status).toBe(422);
    expect(rules.body.arca_codes).toMatchObject({
      'data.ordering': 10049,
      'data.payment': 10049,
    });
    expect(rules.body.fields.data).toMatchObject({
      ordering: expect.stringMatching(
        /^service_period_required \(GOBL-AR-ARCA-BILL-INVOICE-15, ARCA 10049\): /,
      ),
      payment: expect.stringMatching(
        /^service_due_date_required \(GOBL-AR-ARCA-BILL-INVOICE-17, ARCA 10049\): /,
      ),
      'lines[1]': {
        'taxes[0]': {
          percent: expect.stringMatching(/^vat_rate_unsupported \(GOBL-AR-ARCA-TAX-COMBO-01\): /),
        },
      },
    });
  });

  it('refuses the point of sale out of range, and an invoice with no lines', async () => {
    for (const series of ['0', '99999', 'A-2']) {
      const res = await post({ data: invoiceOf(ri.cuit, { series }) });
      expect(res.status, series).toBe(422);
      expect(res.body.fields.data.series, series).toMatch(
        /^series_range \(GOBL-AR-ARCA-BILL-INVOICE-02\): /,
      );
    }
    // GOBL's series is a code, written as text: a JSON number is not one (GOBL's decoder refuses it).
    for (const series of [2.5, 99998]) {
      const res = await post({ data: invoiceOf(ri.cuit, { series }) });
      expect(res.status, String(series)).toBe(422);
      expect(res.body.fields.data.series, String(series)).toMatch(/^invalid_type: /);
    }
    const ok = await post({ data: invoiceOf(ri.cuit, { series: '99998' }) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.doc.series).toBe('99998');
    const empty = await post({ data: invoiceOf(ri.cuit, { lines: [] }) });
    expect(empty.body.fields.data.lines).toMatch(/^too_few: /);
    const zero = await post({
      data: invoiceOf(ri.cuit, {
        lines: [
          {
            quantity: '1',
            item: { name: 'Gratis', price: '0', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
        ],
      }),
    });
    expect(zero.body.fields.data.lines).toMatch(/^total_not_positive: /);
  });

  it('refuses a supplier that is not a registered supplier of this workspace, naming its CUIT field', async () => {
    const db = database().db;
    const other = await api.workspace();
    const elsewhere = await registerSupplier(db, sim, other.id);
    const started = await registerSupplier(db, sim, ws.id, { until: 'started' });
    const validated = await registerSupplier(db, sim, ws.id, { until: 'validated' });
    const cases: [string, string][] = [
      ['unknown CUIT', newCuit()],
      ["another workspace's supplier", elsewhere.cuit],
      ['registration only started', started.cuit],
      ['certificate validated, registration not completed', validated.cuit],
    ];
    for (const [name, cuit] of cases) {
      const res = await post({ data: invoiceOf(cuit, { colour: 'red' }) });
      expect(res.status, name).toBe(422);
      expect(res.body.fields.data.supplier.tax_id.code, name).toMatch(/^supplier_not_registered: /);
      // Every other problem is named in the same answer.
      expect(res.body.fields.data.colour, name).toMatch(/^unknown_field: /);
    }
    // The other workspace invoices for its own supplier.
    expect((await post({ data: invoiceOf(elsewhere.cuit) }, other.key)).status).toBe(200);

    // Not a CUIT, whether written with hyphens or not (GOBL drops them before its rule checks it).
    for (const code of ['301', '30-1']) {
      const noCuit = invoiceOf(ri.cuit);
      noCuit.supplier = { name: 'Sin CUIT', tax_id: { country: 'AR', code } };
      expect((await post({ data: noCuit })).body.fields.data.supplier.tax_id.code, code).toMatch(
        /^cuit_invalid \(GOBL-AR-TAX-IDENTITY-01, ARCA 10015\): /,
      );
    }
  });

  it('refuses, as a precondition, a supplier whose registration has no IVA regime', async () => {
    const noRegime = await registerSupplier(database().db, sim, ws.id, { regime: null });
    const res = await post({ data: invoiceOf(noRegime.cuit) });
    expect(res.status).toBe(422);
    expect(res.body.fields.data.supplier.tax_id.code).toMatch(/^supplier_regime_unknown: /);
    expect(res.body.detail).toMatch(/no IVA regime/);
  });

  it('PUT with the client id is idempotent; another invoice on that id is a 409; a keyed POST repeats too', async () => {
    const id = randomUUID();
    const body = { data: invoiceOf(ri.cuit) };
    const first = await api.call('PUT', `/silo/v1/entries/${id}`, { key: ws.key, json: body });
    const again = await api.call('PUT', `/silo/v1/entries/${id.toUpperCase()}`, {
      key: ws.key,
      json: body,
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(first.body.data.head.uuid).toBe(id);

    const changed = invoiceOf(ri.cuit, { series: '3' });
    const conflict = await api.call('PUT', `/silo/v1/entries/${id}`, {
      key: ws.key,
      json: { data: changed },
    });
    expect(conflict.status).toBe(409);
    const party = await api.call('PUT', `/silo/v1/entries/${id}`, {
      key: ws.key,
      json: { data: { name: 'Otra SRL', tax_id: { country: 'AR', code: newCuit() } } },
    });
    expect(party.status).toBe(409);

    const key = `factura-${randomUUID()}`;
    const a = await post({ key, data: invoiceOf(ri.cuit) });
    const b = await post({ key, data: invoiceOf(ri.cuit) });
    expect(b.body.id).toBe(a.body.id);
    expect((await post({ key, data: changed })).status).toBe(409);
  });

  it('takes an invoice in an envelope, writing its own head; refuses a signed envelope', async () => {
    const res = await post({
      data: {
        $schema: ENVELOPE,
        head: { uuid: randomUUID(), stamps: [] },
        doc: invoiceOf(ri.cuit),
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.head).sort()).toEqual(['dig', 'uuid']);
    expect(res.body.data.head.uuid).toBe(res.body.id);
    const signed = await post({
      data: { $schema: ENVELOPE, doc: invoiceOf(ri.cuit, { colour: 'red' }), sigs: ['eyJ...'] },
    });
    expect(signed.status).toBe(422);
    expect(signed.body.fields.data).toMatchObject({
      sigs: expect.stringMatching(/^signed_envelope: /),
      doc: { colour: expect.stringMatching(/^unknown_field: /) },
    });
  });

  it('refuses text the database cannot store, and a body over the limit, as for any entry', async () => {
    const nul = await post({
      data: invoiceOf(ri.cuit, {
        lines: [
          {
            quantity: '1',
            item: { name: 'a\u0000b', price: '1' },
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
        ],
      }),
    });
    expect(nul.status).toBe(422);
    const huge = await post({
      data: invoiceOf(ri.cuit, {
        lines: Array.from({ length: 9000 }, (_, i) => ({
          quantity: '1',
          item: { name: `Artículo número ${i} con un nombre largo`, price: '1.00', key: 'goods' },
          taxes: [{ cat: 'VAT', rate: 'general' }],
        })),
      }),
    });
    expect(huge.status).toBe(413);
  });

  it('lists invoice entries in their folder, as envelopes', async () => {
    const res = await post({ data: invoiceOf(ri.cuit) });
    const list = await api.call('GET', '/silo/v1/envelopes?folder=invoices&limit=100', {
      key: ws.key,
    });
    expect(list.body.list.map((e: { id: string }) => e.id)).toContain(res.body.id);
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
