import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPointOfSale } from '@/lib/arca-simulator';
import { schema, type Db } from '@/lib/db';
import {
  createInvoiceStep,
  issueTestInvoice,
  testInvoiceOf,
  testInvoicePdf,
  type TestInvoiceSupplier,
} from '@/lib/invoices';
import type { Regime } from '@/lib/registration';
import { attachEntryFile, getEntryByKey } from '@/lib/silo';
import { startRunner, type Runner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { describeEachDatabase } from './support/databases';
import { registerSupplier } from './support/registered-supplier';
import { retireJobs } from './support/runner-fixtures';

const attempt = () => randomBytes(16).toString('base64url');

describeEachDatabase('the wizard’s test invoice (sandbox)', (get) => {
  let sim: RunningSimulator;
  let runner: Runner;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
    runner = startRunner({
      getDb: async () => get().db,
      steps: {
        ...STEP_HANDLERS,
        'gov-ar.send': createInvoiceStep({ endpointsFor: (env) => sim.urls[env] }),
      },
      pollMs: 50,
    });
  });
  const owners: string[] = [];
  afterAll(async () => {
    await runner.stop();
    // A send still retrying (the «Factura en Línea» point of sale) must not run in later test processes.
    await retireJobs(get().db, owners);
    await sim.close();
  });

  /** A supplier that finished the wizard in a workspace of `environment`, as the done page sees it. */
  async function registered(
    regime: Regime,
    environment: 'sandbox' | 'live' = 'sandbox',
  ): Promise<TestInvoiceSupplier> {
    const db = get().db;
    const workspace = await createWorkspace(db, { name: 'test invoice', environment });
    await connectApp(db, workspace.id, 'gov-ar');
    owners.push(workspace.id);
    const fixture = await registerSupplier(db, sim, workspace.id, { regime });
    return {
      entryId: fixture.entryId,
      ownerId: workspace.id,
      environment,
      company: { name: fixture.name, cuit: fixture.cuit },
      regime,
      authorizedAt: new Date().toISOString(),
    };
  }

  const issue = (supplier: TestInvoiceSupplier, token: string) =>
    issueTestInvoice(get().db, supplier, token, {
      waitSeconds: 30,
      endpoints: sim.urls[supplier.environment],
    });

  const vouchersAtArca = (db: Db, cuit: string) =>
    db
      .select()
      .from(schema.arcaSimInvoices)
      .where(
        and(
          eq(schema.arcaSimInvoices.environment, 'sandbox'),
          eq(schema.arcaSimInvoices.cuit, cuit),
        ),
      );

  it('a monotributista gets a Factura C with its number, CAE and expiry; the same form again issues nothing more', async () => {
    const supplier = await registered('monotributista');
    const token = attempt();
    const invoice = await issue(supplier, token);
    expect(invoice).toEqual({
      state: 'sent',
      voucherType: 11,
      number: '0001-00000001',
      cae: expect.stringMatching(/^\d{14}$/),
      caeExpiry: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      errors: [],
      // Whether the `pdf` step is in the template yet or not.
      hasPdf: expect.any(Boolean),
    });
    // A double click, a resent post: the same token meets the same invoice.
    expect(await issue(supplier, token)).toEqual(invoice);
    expect(await testInvoiceOf(get().db, supplier, token)).toEqual(invoice);
    const atArca = await vouchersAtArca(get().db, supplier.company.cuit);
    expect(atArca).toHaveLength(1);
    expect(atArca[0]).toMatchObject({ pointOfSale: 1, voucherType: 11, number: 1 });
    expect(atArca[0]!.request).toMatchObject({
      ImpTotal: '1.00',
      ImpIVA: '0.00',
      DocTipo: '80',
      DocNro: supplier.company.cuit,
      CondicionIVAReceptorId: '6',
    });

    // The next click (a new form, a new token) issues the next one.
    const next = await issue(supplier, attempt());
    expect(next).toMatchObject({ state: 'sent', number: '0001-00000002' });
    expect(await vouchersAtArca(get().db, supplier.company.cuit)).toHaveLength(2);
  });

  it('a responsable inscripto gets a Factura B of 1.00 + 21 % IVA to a final consumer, on its first listed point of sale', async () => {
    const supplier = await registered('responsable_inscripto');
    await addPointOfSale(get().db, {
      environment: 'sandbox',
      cuit: supplier.company.cuit,
      number: 7,
      emissionType: 'CAE - Ri Iva',
    });
    const invoice = await issue(supplier, attempt());
    expect(invoice).toMatchObject({ state: 'sent', voucherType: 6, number: '0007-00000001' });
    const [atArca] = await vouchersAtArca(get().db, supplier.company.cuit);
    expect(atArca!.request).toMatchObject({
      CbteTipo: '6',
      ImpNeto: '1.00',
      ImpIVA: '0.21',
      ImpTotal: '1.21',
      DocTipo: '99',
    });
  });

  it('two posts of one form at once issue one invoice', async () => {
    const supplier = await registered('exento');
    const token = attempt();
    const [a, b] = await Promise.all([issue(supplier, token), issue(supplier, token)]);
    expect(a).toMatchObject({ state: 'sent', number: '0001-00000001' });
    expect(b).toEqual(a);
    expect(await vouchersAtArca(get().db, supplier.company.cuit)).toHaveLength(1);
  });

  it('a date out of ARCA’s window is refused before sending, with the code ARCA would answer (10016), nothing issued', async () => {
    const supplier = await registered('monotributista');
    const invoice = await issueTestInvoice(get().db, supplier, attempt(), {
      waitSeconds: 30,
      endpoints: sim.urls.sandbox,
      now: new Date(Date.now() - 30 * 86_400_000),
    });
    expect(invoice).toMatchObject({
      state: 'error',
      number: null,
      cae: null,
      errors: [expect.objectContaining({ code: '10016' })],
    });
    expect(await vouchersAtArca(get().db, supplier.company.cuit)).toHaveLength(0);
  });

  it('a point of sale ARCA refuses (registered for «Factura en Línea»): refused with 11002, nothing issued', async () => {
    const supplier = await registered('monotributista');
    await addPointOfSale(get().db, {
      environment: 'sandbox',
      cuit: supplier.company.cuit,
      number: 1,
      emissionType: 'Factura en Linea',
    });
    const invoice = await issueTestInvoice(get().db, supplier, attempt(), {
      waitSeconds: 15,
      endpoints: sim.urls.sandbox,
    });
    expect(invoice).toMatchObject({
      state: 'error',
      number: null,
      cae: null,
      errors: [expect.objectContaining({ code: '11002' })],
    });
    expect(await vouchersAtArca(get().db, supplier.company.cuit)).toHaveLength(0);
  });

  it('never in live: refused before any entry is made', async () => {
    const supplier = await registered('monotributista', 'live');
    const token = attempt();
    await expect(issue(supplier, token)).rejects.toMatchObject({ code: 'test_invoice_live' });
    expect(await testInvoiceOf(get().db, supplier, token)).toBeUndefined();
    expect(
      await getEntryByKey(
        get().db,
        supplier.ownerId,
        `wizard-test-invoice:${supplier.entryId}:${token}`,
      ),
    ).toBeUndefined();
  });

  it('offers the invoice’s PDF once a file with key `pdf` is on it, to its own registration only', async () => {
    const supplier = await registered('monotributista');
    const other = await registered('monotributista');
    const token = attempt();
    await issue(supplier, token);
    const entry = (await getEntryByKey(
      get().db,
      supplier.ownerId,
      `wizard-test-invoice:${supplier.entryId}:${token}`,
    ))!;
    const db = get().db;
    // Any PDF the pdf step may have attached already is replaced by these, newest first.
    await attachEntryFile(db, supplier.ownerId, entry.id, {
      name: 'nota.txt',
      category: 'attachment',
      mime: 'text/plain',
      content: Buffer.from('not the pdf'),
    });
    await attachEntryFile(db, supplier.ownerId, entry.id, {
      key: 'pdf',
      name: 'factura.pdf',
      category: 'format',
      mime: 'application/pdf',
      content: Buffer.from('%PDF-1.7 v1'),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newest = await attachEntryFile(db, supplier.ownerId, entry.id, {
      key: 'pdf',
      name: 'factura.pdf',
      category: 'format',
      mime: 'application/pdf',
      content: Buffer.from('%PDF-1.7 v2'),
    });
    expect(await testInvoiceOf(db, supplier, token)).toMatchObject({ state: 'sent', hasPdf: true });
    const pdf = await testInvoicePdf(db, supplier, token);
    expect(pdf?.file).toMatchObject({ id: newest.id, mime: 'application/pdf' });
    expect(pdf?.content.toString()).toBe('%PDF-1.7 v2');
    // Another registration with the same token, or a token that is not one: nothing.
    expect(await testInvoicePdf(db, other, token)).toBeUndefined();
    expect(await testInvoicePdf(db, supplier, 'not a token')).toBeUndefined();
    expect(await testInvoicePdf(db, supplier, attempt())).toBeUndefined();
  });

  it('offers no PDF while the test invoice has none', async () => {
    const supplier = await registered('monotributista');
    const token = attempt();
    await issue(supplier, token);
    const entry = (await getEntryByKey(
      get().db,
      supplier.ownerId,
      `wizard-test-invoice:${supplier.entryId}:${token}`,
    ))!;
    await attachEntryFile(get().db, supplier.ownerId, entry.id, {
      key: 'other',
      name: 'x.pdf',
      category: 'attachment',
      mime: 'application/pdf',
      content: Buffer.from('%PDF-'),
    });
    const invoice = await testInvoiceOf(get().db, supplier, token);
    if (invoice?.hasPdf) return; // the pdf step, once in the template, attaches one by itself
    expect(invoice).toMatchObject({ state: 'sent', hasPdf: false });
    expect(await testInvoicePdf(get().db, supplier, token)).toBeUndefined();
  });

  it('a token reads only its own registration’s test invoice', async () => {
    const supplier = await registered('monotributista');
    const other = await registered('monotributista');
    const token = attempt();
    await issue(supplier, token);
    expect(await testInvoiceOf(get().db, other, token)).toBeUndefined();
    expect(await testInvoiceOf(get().db, supplier, 'not a token')).toBeUndefined();
  });
});
