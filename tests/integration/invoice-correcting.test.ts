import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueCorrection, startInvoiceSend } from '@/lib/invoices';
import type { Runner } from '@/lib/transform';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { apiHarness, party } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { argentinaDate, invoiceRunner, simulatorInvoices } from './support/invoice-fixtures';
import { conformanceErrors } from './support/openapi-check';
import { registerSupplier, type RegisteredSupplierFixture } from './support/registered-supplier';
import { isDone, retireJobs, waitForJobState } from './support/runner-fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies of every shape
type Json = Record<string, any>;

/** A Factura B of goods to a final consumer, 2 × 100 + 21 % IVA. */
const facturaB = (cuit: string, extra: Json = {}) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  series: '3',
  issue_date: argentinaDate(),
  supplier: { name: 'Correcciones Güemes SRL', tax_id: { country: 'AR', code: cuit } },
  lines: [
    {
      quantity: '2',
      item: { name: 'Caja', price: '100', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
  ...extra,
});

describeEachDatabase(
  'Correcting invoices: PATCH an unsent one, a note for a sent one',
  (database) => {
    const api = apiHarness(database);
    let sim: RunningSimulator;
    let runner: Runner;
    let ws: Awaited<ReturnType<typeof api.workspace>>;
    let supplier: RegisteredSupplierFixture;
    beforeAll(async () => {
      sim = await startSimulator(database().db);
      runner = invoiceRunner(database().db, sim, { step: { timeoutMs: 5_000 } });
      ws = await api.workspace();
      supplier = await registerSupplier(database().db, sim, ws.id);
    });
    afterAll(async () => {
      await runner?.stop();
      await retireJobs(database().db, [ws.id]);
      await sim?.close();
    });

    const call = (method: string, path: string, json?: unknown) =>
      api.call(method, path, { key: ws.key, json });
    const patch = (id: string, json: unknown) => call('PATCH', `/silo/v1/entries/${id}`, json);
    const sendAndWait = async (id: string) => {
      const { job } = await startInvoiceSend(database().db, ws.id, id);
      return waitForJobState(database().db, ws.id, job.id, isDone, 30_000);
    };
    const create = async (doc: Json, key?: string) => {
      const res = await call('POST', '/silo/v1/entries', { key, data: doc });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Json;
    };

    it('an invoice ARCA rejected is fixed with a merge patch and sent again: same entry, CAE; then immutable, corrected by a credit note ARCA approves', async () => {
      // Goods dated 8 days ago: ARCA takes N±5 days, so it refuses the voucher (10016).
      const original = await create(
        facturaB(supplier.cuit, { issue_date: argentinaDate(-8) }),
        `fix-${ws.id}`,
      );
      const rejected = await sendAndWait(original.id);
      expect(rejected.status).toBe('KO');
      const failed = (await call('GET', `/silo/v1/entries/${original.id}`)).body;
      expect(failed.state).toBe('error');
      expect(failed.faults).not.toEqual([]);

      // PUT with other contents does not overwrite it, and says how to change it.
      const put = await call('PUT', `/silo/v1/entries/${original.id}`, {
        data: facturaB(supplier.cuit),
      });
      expect(put.status).toBe(409);
      expect(put.body.detail).toMatch(/PATCH \/silo\/v1\/entries\//);

      const fixed = await patch(original.id, {
        content_type: 'application/merge-patch+json',
        data: { issue_date: argentinaDate() },
      });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body).toMatchObject({
        id: original.id,
        key: `fix-${ws.id}`,
        folder: 'invoices',
        state: 'empty',
        faults: [],
        created_at: original.created_at,
      });
      expect(fixed.body.data.head.uuid).toBe(original.id);
      expect(fixed.body.data.doc.issue_date).toBe(argentinaDate());
      expect(fixed.body.data.doc.totals.payable).toBe('242.00');
      // The same body as a PUT is now a repeat of what is stored, not a conflict.
      const repeat = await call('PUT', `/silo/v1/entries/${original.id}`, {
        key: `fix-${ws.id}`,
        data: fixed.body.data.doc,
      });
      expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);

      const approved = await sendAndWait(original.id);
      expect(approved.status, JSON.stringify(approved.faults)).toBe('OK');
      const sent = (await call('GET', `/silo/v1/entries/${original.id}`)).body;
      expect(sent.state).toBe('sent');
      expect(sent.data.doc.code).toBe('1');
      const states = (await call('GET', `/silo/v1/entries/${original.id}/states`)).body.list;
      expect(states.map((s: Json) => s.key)).toEqual([
        'empty',
        'processing',
        'error',
        'empty',
        'processing',
        'sent',
      ]);

      // Sent: immutable, by PATCH and by PUT, with the way to correct it.
      for (const res of [
        await patch(original.id, {
          data: { issue_date: argentinaDate() },
          content_type: 'application/merge-patch+json',
        }),
        await patch(original.id, { folder: 'archive' }),
        await call('PUT', `/silo/v1/entries/${original.id}`, { data: facturaB(supplier.cuit) }),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 'conflict' });
        expect(res.body.detail).toMatch(/credit note or a debit note.*\/silo\/v1\/gobl\/correct/);
      }
      expect((await call('GET', `/silo/v1/entries/${original.id}`)).body.data).toEqual(sent.data);

      // GOBL's correction: a Nota de Crédito B (8) naming the Factura B (6) it corrects.
      const corrected = await call('POST', '/silo/v1/gobl/correct', {
        data: sent.data,
        options: { type: 'credit-note', reason: 'Devolución' },
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      const note = corrected.body.data;
      expect(note.$schema).toBe('https://gobl.org/draft-0/envelope');
      expect(note.head.uuid).not.toBe(original.id);
      expect(note.doc).toMatchObject({
        type: 'credit-note',
        series: '3',
        issue_date: argentinaDate(),
        preceding: [
          {
            type: 'standard',
            series: '3',
            code: '1',
            issue_date: argentinaDate(),
            reason: 'Devolución',
            ext: { 'ar-arca-doc-type': '6' },
          },
        ],
        tax: { ext: { 'ar-arca-doc-type': '8' } },
        totals: { payable: '242.00' },
      });
      expect(note.doc).not.toHaveProperty('code');

      const stored = await create(note.doc);
      const noteSent = await sendAndWait(stored.id);
      expect(noteSent.status, JSON.stringify(noteSent.faults)).toBe('OK');
      const held = await simulatorInvoices(database().db, supplier.cuit);
      expect(held.map((h) => [h.voucherType, h.number])).toEqual([
        [6, 1],
        [8, 1],
      ]);
    });

    it('takes a whole document or a JSON patch (RFC 6902), recalculated; refuses what is wrong, changing nothing', async () => {
      const entry = await create(facturaB(supplier.cuit));
      const patched = await patch(entry.id, {
        content_type: 'application/json-patch+json',
        data: [
          { op: 'test', path: '/lines/0/quantity', value: '2' },
          { op: 'replace', path: '/lines/0/quantity', value: '3' },
        ],
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(patched.body.data.doc.totals.payable).toBe('363.00');

      const whole = await patch(entry.id, {
        data: facturaB(supplier.cuit, { series: '4' }),
        folder: 'sales-2026',
      });
      expect(whole.status, JSON.stringify(whole.body)).toBe(200);
      expect(whole.body).toMatchObject({ folder: 'sales-2026', data: { doc: { series: '4' } } });
      expect(whole.body.data.doc.totals.payable).toBe('242.00');

      const refusals: [unknown, number, Json][] = [
        [
          {
            content_type: 'application/json-patch+json',
            data: [{ op: 'test', path: '/series', value: '9' }],
          },
          422,
          { data: { 0: { value: 'test_failed' } } },
        ],
        [
          { content_type: 'application/json-patch+json', data: { series: '9' } },
          422,
          { data: expect.stringMatching(/array/) },
        ],
        [
          { content_type: 'application/merge-patch+json', data: { lines: [{ quantity: 'x' }] } },
          422,
          { data: { 'lines[0]': { quantity: expect.stringMatching(/^invalid_decimal/) } } },
        ],
        [
          { data: facturaB(supplier.cuit), allow_invalid: true },
          422,
          { allow_invalid: expect.any(String) },
        ],
        [{ data: facturaB(supplier.cuit), sign: true }, 422, { sign: expect.any(String) }],
        [
          { data: facturaB(supplier.cuit), previous_id: entry.id },
          422,
          { previous_id: expect.any(String) },
        ],
        [{ content_type: 'text/plain', data: {} }, 422, { content_type: expect.any(String) }],
        [{ folder: 'Not A Folder' }, 422, { folder: expect.any(String) }],
      ];
      for (const [body, status, fields] of refusals) {
        const res = await patch(entry.id, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.fields, JSON.stringify(res.body)).toMatchObject(fields);
      }
      const after = (await call('GET', `/silo/v1/entries/${entry.id}`)).body;
      expect(after.data).toEqual(whole.body.data);
      expect((await patch('0190d1b6-0000-7000-8000-000000000000', { folder: 'x' })).status).toBe(
        404,
      );
    });

    it("moves a supplier's party to another folder, and refuses to change its data", async () => {
      const made = await call('POST', '/silo/v1/entries', { folder: 'suppliers', data: party() });
      const moved = await patch(made.body.id, { folder: 'suppliers-2026' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        id: made.body.id,
        folder: 'suppliers-2026',
        data: made.body.data,
      });
      const changed = await patch(made.body.id, {
        content_type: 'application/merge-patch+json',
        data: { name: 'Otra SRL' },
      });
      expect(changed.status).toBe(409);
      expect(changed.body.detail).toMatch(/only `folder` can be updated/);
    });

    it('gobl/correct: shows its options, keeps a bare invoice bare, refuses an unsent invoice and bad options', async () => {
      const options = await call('POST', '/silo/v1/gobl/correct', { show_options: true });
      expect(options.status).toBe(200);
      expect(options.body.data).toMatchObject({
        $id: 'https://gobl.org/draft-0/bill/correction-options',
        required: ['type'],
      });
      const sentLike = {
        ...facturaB(supplier.cuit),
        code: '41',
        tax: { ext: { 'ar-arca-doc-type': '6', 'ar-arca-concept': '1' } },
      };
      const bare = await call('POST', '/silo/v1/gobl/correct', {
        data: sentLike,
        options: { type: 'debit-note', issue_date: argentinaDate() },
      });
      expect(bare.status, JSON.stringify(bare.body)).toBe(200);
      expect(bare.body.data).toMatchObject({
        type: 'debit-note',
        preceding: [{ code: '41', ext: { 'ar-arca-doc-type': '6' } }],
        tax: { ext: { 'ar-arca-doc-type': '7' } },
      });
      expect(bare.body.data.$schema).toBe('https://gobl.org/draft-0/bill/invoice');

      const unsent = await call('POST', '/silo/v1/gobl/correct', {
        data: facturaB(supplier.cuit),
        options: { type: 'credit-note' },
      });
      expect(unsent.status).toBe(422);
      expect(unsent.body.fields).toEqual({ data: { code: 'not_sent' } });
      const badOptions = await call('POST', '/silo/v1/gobl/correct', {
        data: sentLike,
        options: { type: 'refund', copy_tax: true },
      });
      expect(badOptions.status).toBe(422);
      expect(Object.keys(badOptions.body.fields.options).sort()).toEqual(['copy_tax', 'type']);
      const notInvoice = await call('POST', '/silo/v1/gobl/correct', {
        data: party(),
        options: { type: 'credit-note' },
      });
      expect(notInvoice.status).toBe(422);
    });

    it("the console's «Emitir nota de crédito»: one credit note per sent invoice, unsent and ready to send; none for an unsent one", async () => {
      const db = database().db;
      const invoice = await create(facturaB(supplier.cuit, { series: '6' }));
      await expect(issueCorrection(db, ws.id, invoice.id, 'credit-note')).rejects.toMatchObject({
        kind: 'conflict',
        code: 'invoice_not_correctable',
        messageKey: 'invoiceEntries.errors.invoice_not_correctable',
      });
      expect((await sendAndWait(invoice.id)).status).toBe('OK');
      const first = await issueCorrection(db, ws.id, invoice.id, 'credit-note');
      const again = await issueCorrection(db, ws.id, invoice.id, 'credit-note');
      expect(first.created).toBe(true);
      expect(again).toMatchObject({ created: false, entry: { id: first.entry.id } });
      expect(first.entry).toMatchObject({ state: 'empty', folder: 'invoices' });
      const doc = first.entry.data.doc as Json;
      expect(doc).toMatchObject({
        type: 'credit-note',
        series: '6',
        preceding: [{ series: '6', code: '1', ext: { 'ar-arca-doc-type': '6' } }],
        tax: { ext: { 'ar-arca-doc-type': '8' } },
      });
      const other = await api.workspace();
      await expect(issueCorrection(db, other.id, invoice.id, 'credit-note')).rejects.toMatchObject({
        kind: 'not_found',
      });
      expect((await sendAndWait(first.entry.id)).status).toBe('OK');
    });

    it('answers every request as its OpenAPI document says', async () => {
      expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
    });
  },
);
