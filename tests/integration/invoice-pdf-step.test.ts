import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { schema } from '@/lib/db';
import { getInvoice } from '@/lib/invoices';
import path from 'node:path';
import { installPdfRenderPool, PDF_STEP_HANDLERS } from '@/lib/invoice-print';
import { createPdfRenderPool } from '@/lib/invoice-print/pdf-render-pool';
import { attachEntryFileOnce, getEntry } from '@/lib/silo';
import { createWorkflow, type Job, type Runner, type StepContext } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  facturaB,
  invoiceEntry,
  invoiceRunner,
  registeredSupplier,
  sendJob,
} from './support/invoice-fixtures';
import { retireJobs, waitForJobState } from './support/runner-fixtures';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const isDone = (job: Job) => !!job.completedAt;

// Counted, not changed: the step must read the invoice (entry, supplier, send) once per run.
vi.mock('@/lib/invoices', async (original) => {
  const actual = await original<typeof import('@/lib/invoices')>();
  return { ...actual, getInvoice: vi.fn(actual.getInvoice) };
});

describeEachDatabase('the pdf step: the ar-invoice workflow attaches the voucher’s PDF', (get) => {
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
  const files = (entryId: string) =>
    get()
      .db.select()
      .from(schema.entryFiles)
      .where(and(eq(schema.entryFiles.entryId, entryId), eq(schema.entryFiles.key, 'pdf')));
  /** A registered supplier's Factura B through the whole ar-invoice workflow, its job finished. */
  const sentInvoice = async (invoiceNumber: number) => {
    const db = get().db;
    const s = await registeredSupplier(db, sim, 'sandbox');
    owners.push(s.ownerId);
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, invoiceNumber));
    const job = await waitForJobState(
      db,
      s.ownerId,
      (await sendJob(db, s, entryId)).id,
      isDone,
      30_000,
    );
    return { s, entryId, job };
  };
  /** The pdf step's context for that job, as the runner gives it. */
  const pdfStepContext = (
    { s, entryId, job }: Awaited<ReturnType<typeof sentInvoice>>,
    config: Record<string, string>,
    options: { previousEvents?: { status: string }[]; now?: Date } = {},
  ) =>
    ({
      db: get().db,
      job: { id: job.id, ownerId: s.ownerId, siloEntryId: entryId },
      step: { id: 'x', name: 'Generate PDF', provider: 'pdf', config },
      previousEvents: options.previousEvents ?? [],
      now: options.now ?? new Date(),
      appConnected: async () => true,
    }) as unknown as StepContext;

  it('sent to the simulator: the entry ends sent with one pdf file; running the step again adds none', async () => {
    const db = get().db;
    const sent = await sentInvoice(2);
    const { s, entryId, job } = sent;
    expect(job.status, JSON.stringify(job.faults)).toBe('OK');
    const providers = job.intents.map((i) => i.provider);
    expect(providers.indexOf('pdf')).toBe(providers.indexOf('gov-ar.send') + 1);
    expect((await getEntry(db, s.ownerId, entryId))!.state).toBe('sent');
    const [file, ...more] = await files(entryId);
    expect(more).toEqual([]);
    expect(file).toMatchObject({
      name: 'factura-B-0002-00000001.pdf',
      category: 'format',
      mime: 'application/pdf',
      ownerId: s.ownerId,
    });
    expect(file!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file!.hash).toBe(createHash('sha256').update(file!.content).digest('hex'));

    // A crash between the step and its record runs it again: the same PDF, no second file.
    vi.mocked(getInvoice).mockClear();
    const again = await PDF_STEP_HANDLERS.pdf(pdfStepContext(sent, { locale: 'es' }));
    expect(again.status).toBe('OK');
    expect(getInvoice).toHaveBeenCalledTimes(1);
    expect(await files(entryId)).toHaveLength(1);

    // Two jobs rendering it at the same moment still leave one file.
    await db.delete(schema.entryFiles).where(eq(schema.entryFiles.entryId, entryId));
    const context = pdfStepContext(sent, { locale: 'es' });
    const both = await Promise.all([
      PDF_STEP_HANDLERS.pdf(context),
      PDF_STEP_HANDLERS.pdf(context),
    ]);
    expect(both.map((o) => o.status)).toEqual(['OK', 'OK']);
    expect(await files(entryId)).toHaveLength(1);
  });

  it('on the render pool: the same file as on the main thread; a render thread that dies is retried later', async () => {
    const db = get().db;
    const sent = await sentInvoice(5);
    const { entryId } = sent;
    const [onMainThread] = await files(entryId);
    await db.delete(schema.entryFiles).where(eq(schema.entryFiles.entryId, entryId));
    const now = new Date();
    const context = (config: Record<string, string>, previousEvents: { status: string }[] = []) =>
      pdfStepContext(sent, config, { previousEvents, now });
    const pool = createPdfRenderPool({
      size: 1,
      threadEntry: path.resolve('tests/fixtures/pdf/crash-on-demand-thread.mjs'),
    });
    installPdfRenderPool(pool);
    try {
      expect((await PDF_STEP_HANDLERS.pdf(context({ locale: 'es' }))).status).toBe('OK');
      const [offThread] = await files(entryId);
      expect(offThread!.hash).toBe(onMainThread!.hash);

      const crashed = await PDF_STEP_HANDLERS.pdf(context({ watermark: 'CRASH' }));
      expect(crashed).toMatchObject({ status: 'ERR', retryAt: new Date(now.getTime() + 2_000) });
      expect(crashed.status === 'ERR' && crashed.message).toContain('thread ended');
      const again = await PDF_STEP_HANDLERS.pdf(
        context({ watermark: 'CRASH' }, [{ status: 'ERR' }]),
      );
      expect(again).toMatchObject({ status: 'ERR', retryAt: new Date(now.getTime() + 5_000) });
      expect(await files(entryId)).toHaveLength(1);
    } finally {
      installPdfRenderPool(undefined);
      await pool.stop();
    }
  });

  it('attachEntryFileOnce: ten writers of the same content at once leave one file; new content a second', async () => {
    const db = get().db;
    const s = await registeredSupplier(db, sim, 'sandbox');
    owners.push(s.ownerId);
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, 4));
    const file = (content: string) => ({
      key: 'pdf',
      name: 'x.pdf',
      category: 'format',
      mime: 'application/pdf',
      content: Buffer.from(content),
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => attachEntryFileOnce(db, s.ownerId, entryId, file('one'))),
    );
    expect(results.filter((r) => r.added)).toHaveLength(1);
    expect(await files(entryId)).toHaveLength(1);
    expect((await attachEntryFileOnce(db, s.ownerId, entryId, file('two'))).added).toBe(true);
    expect(await files(entryId)).toHaveLength(2);
  });

  it('an invoice ARCA has not authorised: the step fails with invoice_not_sent and attaches nothing', async () => {
    const db = get().db;
    const s = await registeredSupplier(db, sim, 'sandbox');
    owners.push(s.ownerId);
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, 3));
    const outcome = await PDF_STEP_HANDLERS.pdf({
      db,
      job: { id: 'none', ownerId: s.ownerId, siloEntryId: entryId },
      step: { id: 'x', name: 'Generate PDF', provider: 'pdf', config: {} },
      previousEvents: [],
      now: new Date(),
      appConnected: async () => true,
    } as unknown as StepContext);
    expect(outcome).toMatchObject({ status: 'KO', code: 'invoice_not_sent', provider: 'pdf' });
    expect(await files(entryId)).toEqual([]);
  });

  it('a workflow with an unknown or bad pdf setting is refused when it is made, naming it', async () => {
    const db = get().db;
    const s = await registeredSupplier(db, sim, 'sandbox');
    owners.push(s.ownerId);
    await expect(
      createWorkflow(db, s.ownerId, {
        template: 'ar-invoice',
        pdf: { locale: 'fr', logo_heigth: 40 },
      }),
    ).rejects.toMatchObject({
      code: 'invalid_pdf_config',
      fields: { 'pdf.locale': expect.any(String), 'pdf.logo_heigth': 'unknown setting' },
    });
    const { workflow } = await createWorkflow(db, s.ownerId, {
      template: 'ar-invoice',
      pdf: { locale: 'en', layout: 'letter', date_format: '%Y-%m-%d', watermark: 'COPIA' },
    });
    expect(workflow.steps.find((st) => st.provider === 'pdf')?.config).toEqual({
      locale: 'en',
      layout: 'letter',
      date_format: '%Y-%m-%d',
      watermark: 'COPIA',
    });
  });
});
