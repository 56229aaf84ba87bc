import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, schema, type Db } from '@/lib/db';
import { getEntry, listEntryStates, setEntryState } from '@/lib/silo';
import { createJob, createWorkflow, getJob, type Runner } from '@/lib/transform';
import { schemaMatchesSql, schemaMismatch } from '@/lib/transform/schema-mismatch';
import { TEMPLATE_SCHEMAS } from '@/lib/transform/templates';
import { describeEachDatabase } from './support/databases';
import {
  createSupplier,
  isDone,
  isParked,
  runWorkflow,
  setupWorkspace,
  testRunner,
  waitForJobState,
} from './support/runner-fixtures';
import { newCuit } from '../support/new-cuit';

const invoiceBody = () => ({
  data: {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    series: '2',
    issue_date: '2026-03-10',
    supplier: { name: 'Librería Ñandú SRL', tax_id: { country: 'AR', code: newCuit() } },
    lines: [
      {
        quantity: '1',
        item: { name: 'Resma A4', price: '5000.00', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
  },
});

/** An invoice entry as the invoices domain stores it (its supplier's registration is not what these tests are about). */
async function storeInvoice(db: Db, ownerId: string) {
  const id = uuidv7();
  await db.insert(schema.entries).values({
    id,
    ownerId,
    folder: 'invoices',
    docSchema: 'https://gobl.org/draft-0/bill/invoice',
    data: invoiceBody().data,
    requestHash: `test-${id}`,
  });
  return { id };
}

/** A job stored as an older version stored it, before workflows were held to their schema. */
async function storeJobDirectly(db: Db, ownerId: string, workflowId: string, entryId: string) {
  const id = uuidv7();
  await db.insert(schema.jobs).values({
    id,
    ownerId,
    workflowId,
    siloEntryId: entryId,
    status: 'QUEUED',
    requestHash: `legacy-${id}`,
  });
  return id;
}

describeEachDatabase('workflows run only on the documents they are for', (get) => {
  let runner: Runner;
  let db: Db;
  beforeAll(() => {
    db = get().db;
    runner = testRunner(db);
  });
  afterAll(() => runner.stop());

  const workspaceWithBoth = async () => {
    const { ownerId, workflowId } = await setupWorkspace(db);
    const invoiceWorkflow = (await createWorkflow(db, ownerId, { template: 'ar-invoice' }))
      .workflow;
    return { ownerId, registrationId: workflowId, invoiceId: invoiceWorkflow.id };
  };

  it('refuses at creation the registration workflow on an invoice, and the invoice workflow on a party, naming both schemas', async () => {
    const { ownerId, registrationId, invoiceId } = await workspaceWithBoth();
    const invoice = await storeInvoice(db, ownerId);
    const party = await createSupplier(db, ownerId);
    await expect(runWorkflow(db, ownerId, registrationId, invoice.id)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'workflow_schema_mismatch',
      message: 'The workflow processes org/party documents; the entry holds bill/invoice.',
      fields: { workflow_id: expect.any(String), silo_entry_id: expect.any(String) },
    });
    await expect(
      createJob(db, ownerId, {
        id: uuidv7(),
        body: { workflow_id: invoiceId, silo_entry_id: party.id },
      }),
    ).rejects.toMatchObject({
      code: 'workflow_schema_mismatch',
      message: 'The workflow processes bill/invoice documents; the entry holds org/party.',
    });
    const jobs = await db.select().from(schema.jobs).where(eq(schema.jobs.ownerId, ownerId));
    expect(jobs).toEqual([]);
    expect((await getEntry(db, ownerId, invoice.id))!.state).toBe('empty');
    expect((await getEntry(db, ownerId, party.id))!.state).toBe('empty');
  });

  it('a stored registration job on a sent invoice ends KO without running a step: still sent, no link', async () => {
    const { ownerId, registrationId } = await workspaceWithBoth();
    const invoice = await storeInvoice(db, ownerId);
    await setEntryState(db, ownerId, invoice.id, 'sent');
    const jobId = await storeJobDirectly(db, ownerId, registrationId, invoice.id);
    const done = await waitForJobState(db, ownerId, jobId, isDone);
    expect(done.status).toBe('KO');
    expect(done.faults).toEqual([expect.objectContaining({ code: 'workflow_schema_mismatch' })]);
    expect(done.intents.map((i) => i.provider)).toEqual(['silo.state']);
    expect(done.intents[0]!.name).toBe('Workflow schema');
    const after = (await getEntry(db, ownerId, invoice.id))!;
    expect(after.state).toBe('sent');
    expect(after.faults).toEqual([]);
    expect(after.meta).toEqual([]);
  });

  it('a stored invoice job on a party with a pending registration changes nothing: the link still works', async () => {
    const { ownerId, registrationId, invoiceId } = await workspaceWithBoth();
    const party = await createSupplier(db, ownerId);
    const registration = await runWorkflow(db, ownerId, registrationId, party.id);
    await waitForJobState(db, ownerId, registration.id, isParked);
    const before = (await getEntry(db, ownerId, party.id))!;
    const jobId = await storeJobDirectly(db, ownerId, invoiceId, party.id);
    const done = await waitForJobState(db, ownerId, jobId, isDone);
    expect(done.status).toBe('KO');
    expect(done.faults.map((f) => f.code)).toEqual(['workflow_schema_mismatch']);
    const after = (await getEntry(db, ownerId, party.id))!;
    expect(after.state).toBe('processing');
    expect(after.faults).toEqual([]);
    expect(after.meta).toEqual(before.meta);
    expect(isParked((await getJob(db, ownerId, registration.id))!)).toBe(true);
  });

  it('a state step never moves a sent invoice out of sent; the history keeps no such move', async () => {
    const { ownerId } = await workspaceWithBoth();
    const invoice = await storeInvoice(db, ownerId);
    await setEntryState(db, ownerId, invoice.id, 'sent');
    for (const state of ['processing', 'error', 'empty', 'registered'])
      expect(
        await setEntryState(db, ownerId, invoice.id, state, {
          faults: [{ message: 'x' }],
        }),
      ).toEqual({ changed: false, kept: true });
    expect(await setEntryState(db, ownerId, invoice.id, 'sent')).toEqual({
      changed: false,
      kept: false,
    });
    const after = (await getEntry(db, ownerId, invoice.id))!;
    expect([after.state, after.faults]).toEqual(['sent', []]);
    expect((await listEntryStates(db, ownerId, invoice.id))!.map((s) => s.state)).toEqual(['sent']);
  });

  it('a second invoice job on a sent invoice keeps it sent (its state steps say so)', async () => {
    const { ownerId, invoiceId } = await workspaceWithBoth();
    const invoice = await storeInvoice(db, ownerId);
    await setEntryState(db, ownerId, invoice.id, 'sent');
    const job = await runWorkflow(db, ownerId, invoiceId, invoice.id);
    const done = await waitForJobState(db, ownerId, job.id, isDone);
    expect(done.intents[0]!.events.at(-1)).toMatchObject({
      status: 'OK',
      message: 'state stays sent (a sent invoice never leaves sent)',
    });
    expect((await getEntry(db, ownerId, invoice.id))!.state).toBe('sent');
  });

  it("the job insert's SQL check holds workflows to their schema exactly as schemaMismatch does", async () => {
    const templates = [...Object.keys(TEMPLATE_SCHEMAS), 'no-such-template', null];
    const docSchemas = [
      ...Object.values(TEMPLATE_SCHEMAS).map((short) => `https://gobl.org/draft-0/${short}`),
      'https://gobl.org/draft-0/note/message',
      'https://example.com/org/party',
      'org/party',
    ];
    for (const template of templates)
      for (const docSchema of docSchemas) {
        const literal = (text: string | null) =>
          text === null ? 'null::text' : `'${text.replaceAll("'", "''")}'::text`;
        const [row] = await queryRows<{ ok: boolean }>(
          db,
          sql.raw(`select ${schemaMatchesSql(literal(template), literal(docSchema))} as ok`),
        );
        expect({ template, docSchema, ok: row!.ok }).toEqual({
          template,
          docSchema,
          ok: schemaMismatch(template, docSchema) === undefined,
        });
      }
  });
});
