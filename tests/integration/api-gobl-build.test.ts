import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { goblExamples, haveGoblExamples } from '../support/shared-gobl';
import { apiHarness } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';
import { registerSupplier } from './support/registered-supplier';

const INVOICE = 'https://gobl.org/draft-0/bill/invoice';
const ENVELOPE = 'https://gobl.org/draft-0/envelope';
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

describeEachDatabase('POST /silo/v1/gobl/build', (database) => {
  const api = apiHarness(database);
  let sim: RunningSimulator;
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  let cuit: string;
  beforeAll(async () => {
    sim = await startSimulator(database().db);
    ws = await api.workspace();
    cuit = (await registerSupplier(database().db, sim, ws.id)).cuit;
  });
  afterAll(() => sim.close());
  const build = (json: unknown) => api.call('POST', '/silo/v1/gobl/build', { key: ws.key, json });
  const invoice = (extra: Record<string, unknown> = {}) => ({
    $schema: INVOICE,
    $addons: ['ar-arca-v4'],
    series: '2',
    issue_date: today(),
    supplier: { name: 'Librería Ñandú SRL', tax_id: { country: 'AR', code: cuit } },
    lines: [
      {
        quantity: '2',
        item: { name: 'Resma A4', price: '5000.00', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
    ...extra,
  });

  it('answers the invoice as GOBL builds it, stores nothing, and an envelope when asked', async () => {
    const res = await build({ data: invoice() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      $regime: 'AR',
      type: 'standard',
      tax: { ext: { 'ar-arca-concept': '1', 'ar-arca-doc-type': '6' } },
      totals: { sum: '10000.00', tax: '2100.00', payable: '12100.00' },
    });
    const listed = await api.call('GET', '/silo/v1/entries?folder=invoices', { key: ws.key });
    expect(listed.body.list ?? []).toEqual([]);
    const enveloped = await build({ data: invoice(), envelop: true });
    expect(enveloped.body.data).toMatchObject({
      $schema: ENVELOPE,
      head: { uuid: expect.any(String), dig: { alg: 'sha256', val: expect.any(String) } },
      doc: { totals: { payable: '12100.00' } },
    });
  });

  it('refuses as creating the entry does, with GOBL rule ids, and builds what only GOBL accepts', async () => {
    const refused = await build({ data: invoice({ series: undefined, colour: 'red' }) });
    expect(refused.status).toBe(422);
    expect(refused.body.fields.data.colour).toMatch(/^unknown_field: /);
    const noSeries = await build({ data: invoice({ series: undefined }) });
    expect(noSeries.body.fields.data.series).toMatch(
      /^series_required \(GOBL-AR-ARCA-BILL-INVOICE-01\): /,
    );
    const creating = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { data: invoice({ series: undefined }) },
    });
    expect(creating.body.fields).toEqual(noSeries.body.fields);
    // A supplier not registered here, and a document without the addon: GOBL builds both.
    const unregistered = await build({
      data: invoice({
        $addons: undefined,
        supplier: { name: 'Otro', tax_id: { country: 'AR', code: '30712345671' } },
      }),
    });
    expect(unregistered.status).toBe(200);
    expect(unregistered.body.data.tax).toBeUndefined();
    expect(
      (await build({ data: { $schema: 'https://gobl.org/draft-0/org/party', name: 'x' } })).status,
    ).toBe(422);
  });

  it.skipIf(!haveGoblExamples())(
    "builds each of GOBL's examples as GOBL does (../shared/gobl)",
    async () => {
      for (const { name, input, built } of goblExamples()) {
        if (name === 'invoice-ar-arca-monotributo.json') continue; // carries a field GOBL does not define
        const res = await build({ data: input });
        expect(res.status, name).toBe(200);
        expect(res.body.data, name).toEqual(built);
      }
      expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
    },
  );
});
