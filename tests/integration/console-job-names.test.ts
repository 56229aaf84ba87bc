import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { createTranslator } from 'next-intl';
import { jobNames } from '@/components/console/job-names';
import { subjectText } from '@/components/console/job-subject';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { createEntry, storeEntry } from '@/lib/silo';
import { createWorkflow } from '@/lib/transform';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

const party = (name: string) => ({
  $schema: 'https://gobl.org/draft-0/org/party',
  name,
  tax_id: { country: 'AR', code: '30-71234567-1' },
});

describeEachDatabase('console job names', (database) => {
  it('names a page of jobs with one query for the suppliers and one for the workflows, inside the workspace', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'names' });
    const other = await createWorkspace(db, { name: 'other' });
    const suppliers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createEntry(db, ws.id, { body: { folder: 'suppliers', data: party(`Proveedor ${i}`) } }),
      ),
    );
    const workflows = await Promise.all(
      Array.from({ length: 20 }, () =>
        createWorkflow(db, ws.id, { template: 'ar-supplier-registration' }),
      ),
    );
    const { entry: foreign } = await createEntry(db, other.id, {
      body: { folder: 'suppliers', data: party('Ajeno') },
    });
    const jobs = suppliers.map(({ entry }, i) => ({
      siloEntryId: entry.id,
      workflowId: workflows[i]!.workflow.id,
    }));
    jobs.push({ siloEntryId: foreign.id, workflowId: randomUUID() });

    const select = vi.spyOn(db, 'select');
    const names = await jobNames(db, ws.id, jobs);
    expect(select).toHaveBeenCalledTimes(2);
    select.mockRestore();

    expect(Object.keys(names.subjects)).toHaveLength(20);
    expect(names.subjects[suppliers[7]!.entry.id]).toEqual({
      kind: 'supplier',
      name: 'Proveedor 7',
    });
    expect(names.subjects[foreign.id]).toBeUndefined();
    expect(Object.keys(names.workflows)).toHaveLength(20);
    expect(await jobNames(db, ws.id, [])).toEqual({ subjects: {}, workflows: {} });
  });
});

// Stored as the invoices domain stores them (an envelope in folder invoices); what lib/invoices checks on the way in is its own test's.
const invoiceEnvelope = (id: string, doc: Record<string, unknown>) => ({
  $schema: 'https://gobl.org/draft-0/envelope',
  head: { uuid: id, dig: { alg: 'sha256', val: '0'.repeat(64) } },
  doc: {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    type: 'standard',
    series: '2',
    currency: 'ARS',
    supplier: { name: 'Facturas Güemes SRL', tax_id: { country: 'AR', code: '30712345671' } },
    ...doc,
  },
});

describeEachDatabase('console job names of invoices', (database) => {
  it('names an invoice job by its number once sent, by its type and customer before, in es and en', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'invoice names' });
    const store = async (doc: Record<string, unknown>) =>
      (
        await storeEntry(db, ws.id, {
          folder: 'invoices',
          docSchema: 'https://gobl.org/draft-0/bill/invoice',
          envSchema: 'https://gobl.org/draft-0/envelope',
          requestHash: randomUUID(),
          data: (id) => invoiceEnvelope(id, doc),
        })
      ).entry.id;
    const sent = await store({ code: '124', tax: { ext: { 'ar-arca-doc-type': '6' } } });
    const typed = await store({
      tax: { ext: { 'ar-arca-doc-type': '1' } },
      customer: { name: 'Cliente Uno SA', tax_id: { country: 'AR', code: '30500010912' } },
    });
    const bare = await store({});
    const { entry: supplier } = await createEntry(db, ws.id, {
      body: { folder: 'suppliers', data: party('Proveedor Norte') },
    });
    const workflowId = randomUUID();
    const names = await jobNames(
      db,
      ws.id,
      [sent, typed, bare, supplier.id].map((siloEntryId) => ({ siloEntryId, workflowId })),
    );

    expect(names.subjects[sent]).toEqual({
      kind: 'invoice',
      displayNumber: '0002-00000124',
      voucherType: 6,
      customer: null,
    });
    const say = (locale: 'es' | 'en') => {
      const t = createTranslator({
        locale,
        messages: locale === 'es' ? es : en,
        namespace: 'console',
      }) as unknown as Parameters<typeof subjectText>[0];
      return [sent, typed, bare, supplier.id, randomUUID()].map((id) =>
        subjectText(t, names.subjects[id]),
      );
    };
    expect(say('es')).toEqual([
      'Factura B 0002-00000124',
      'Factura A sin número para Cliente Uno SA',
      'Factura sin número',
      'Proveedor Norte',
      '(entrada borrada)',
    ]);
    expect(say('en')).toEqual([
      'Invoice B 0002-00000124',
      'Invoice A without a number for Cliente Uno SA',
      'Invoice without a number',
      'Proveedor Norte',
      '(deleted entry)',
    ]);
    expect(names.subjects[supplier.id]).toEqual({ kind: 'supplier', name: 'Proveedor Norte' });
  });
});
