import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { createInvoiceEntry } from '@/lib/invoices';
import { getEntry } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { describeEachDatabase } from './support/databases';
import { argentinaDate } from './support/invoice-fixtures';
import { registerSupplier } from './support/registered-supplier';

// The actions as Next runs them, less Next: the session, the request's language and the redirect.
const harness = vi.hoisted(() => ({
  db: undefined as unknown,
  workspaceId: '',
  Redirect: class extends Error {},
}));
vi.mock('@/app/[locale]/console/session', () => ({
  requireOperator: async () => ({ workspaceId: harness.workspaceId }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next-intl/server', () => ({
  getLocale: async () => 'es',
  getTranslations: async (namespace: string) => (key: string) => `${namespace}.${key}`,
}));
vi.mock('@/lib/i18n', () => ({
  redirect: ({ href }: { href: string }) => {
    throw new harness.Redirect(href);
  },
}));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/db')>()),
  getDb: async () => harness.db,
}));

const { editInvoiceAction } =
  await import('@/app/[locale]/console/(signed-in)/invoices/[id]/edit/actions');
const { issueCreditNoteAction } =
  await import('@/app/[locale]/console/(signed-in)/invoices/[id]/actions');

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const idle = { status: 'idle' } as const;

describeEachDatabase('console actions: «Editar» and «Emitir nota de crédito»', (database) => {
  let sim: RunningSimulator;
  let cuit: string;
  const db = () => database().db as Db;
  beforeAll(async () => {
    sim = await startSimulator(db());
    harness.db = db();
    harness.workspaceId = (
      await createWorkspace(db(), { name: 'Ediciones', environment: 'sandbox' })
    ).id;
    cuit = (await registerSupplier(db(), sim, harness.workspaceId)).cuit;
  });
  afterAll(() => sim?.close());

  const invoice = (quantity = '2') => ({
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    series: '2',
    issue_date: argentinaDate(),
    supplier: { name: 'Ediciones Güemes SRL', tax_id: { country: 'AR', code: cuit } },
    lines: [
      {
        quantity,
        item: { name: 'Libro', price: '100', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
  });

  it('refuses malformed input with its reason and gives back what was typed, never throwing', async () => {
    const { entry } = await createInvoiceEntry(db(), harness.workspaceId, {
      body: { data: invoice() },
    });
    const cases: [Record<string, string>, string][] = [
      [{}, 'failed'],
      [{ invoice_id: '../../etc', document: '{}' }, 'failed'],
      [{ invoice_id: '0190d1b6-0000-7000-8000-000000000000', document: '{}' }, 'failed'],
      [{ invoice_id: entry.id, document: '{"lines": [' }, 'invalidJson'],
      [{ invoice_id: entry.id, document: '[1, 2]' }, 'notAnObject'],
      [{ invoice_id: entry.id, document: 'null' }, 'notAnObject'],
    ];
    for (const [fields, reason] of cases)
      expect(await editInvoiceAction(idle, form(fields)), JSON.stringify(fields)).toEqual({
        status: 'error',
        reason,
        problems: [],
        document: fields.document ?? '',
      });
    expect(await issueCreditNoteAction(idle, form({ invoice_id: 'x' }))).toEqual({
      status: 'error',
    });
  });

  it('names each problem of the document in the page language, keeps the text, and saves a good one', async () => {
    const { entry } = await createInvoiceEntry(db(), harness.workspaceId, {
      body: { data: invoice() },
    });
    const bad = JSON.stringify({ ...invoice('x'), colour: 'red' }, null, 2);
    expect(await editInvoiceAction(idle, form({ invoice_id: entry.id, document: bad }))).toEqual({
      status: 'error',
      message: { key: 'invoiceEntries.errors.invalid_invoice' },
      problems: expect.arrayContaining([
        { path: 'lines[0].quantity', message: 'invoicing.problems.invalid_decimal' },
        { path: 'colour', message: 'invoicing.problems.unknown_field' },
      ]),
      document: bad,
    });
    const good = JSON.stringify(invoice('5'));
    await expect(
      editInvoiceAction(idle, form({ invoice_id: entry.id, document: good })),
    ).rejects.toThrow(`/console/invoices/${entry.id}`);
    const saved = (await getEntry(db(), harness.workspaceId, entry.id))!;
    expect((saved.data.doc as { lines: { quantity: string }[] }).lines[0]!.quantity).toBe('5');
  });

  it('«Emitir nota de crédito» on an unsent invoice says why not', async () => {
    const { entry } = await createInvoiceEntry(db(), harness.workspaceId, {
      body: { data: invoice() },
    });
    expect(await issueCreditNoteAction(idle, form({ invoice_id: entry.id }))).toEqual({
      status: 'error',
      message: { key: 'invoiceEntries.errors.invoice_not_correctable' },
    });
  });
});
