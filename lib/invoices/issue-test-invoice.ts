import 'server-only';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { listPointsOfSale, type ArcaEndpoints, type RegistrationView } from '@/lib/registration';
import { getEntryByKey, type Entry } from '@/lib/silo';
import { createJob, waitForJob } from '@/lib/transform';
import { argentinaToday } from '@/lib/invoice-model';
import { createInvoiceEntry } from './create-invoice-entry';
import { ensureInvoiceWorkflow } from './invoice-workflow';
import { testInvoiceDoc } from './test-invoice-doc';
import { testInvoiceKey, testInvoiceOf, type TestInvoice } from './test-invoice';

export type TestInvoiceSupplier = Pick<
  RegistrationView,
  'entryId' | 'ownerId' | 'environment' | 'company' | 'regime' | 'authorizedAt'
>;

/**
 * Issues the wizard's test invoice in homologación through the real path: an invoice entry
 * (createInvoiceEntry) and a job on the workspace's `ar-invoice` workflow, waited for at most
 * `waitSeconds`. `attempt` is the form's own token: the same form sent twice (a double click, a
 * resent post) meets the same entry and job, so one click issues one invoice. Never in live.
 */
export async function issueTestInvoice(
  db: Db,
  supplier: TestInvoiceSupplier,
  attempt: string,
  options: { waitSeconds: number; endpoints?: ArcaEndpoints; now?: Date },
): Promise<TestInvoice> {
  if (supplier.environment !== 'sandbox')
    throw new DomainError({
      kind: 'precondition',
      code: 'test_invoice_live',
      detail:
        'Test invoices are issued only in sandbox (homologación): in live every invoice has fiscal value.',
      messageKey: 'wizard.testInvoice.liveRefused',
    });
  if (!supplier.authorizedAt || !supplier.regime)
    throw new DomainError({
      kind: 'precondition',
      code: 'registration_incomplete',
      detail:
        'The registration is not complete (or has no tax regime): nothing can be invoiced yet.',
    });
  const key = testInvoiceKey(supplier.entryId, attempt);
  const entry =
    (await getEntryByKey(db, supplier.ownerId, key)) ??
    (await createTestInvoiceEntry(db, supplier, supplier.regime, key, options));
  const workflow = await ensureInvoiceWorkflow(db, supplier.ownerId);
  const { job } = await createJob(db, supplier.ownerId, {
    body: { workflow_id: workflow.id, silo_entry_id: entry.id, key },
  });
  await waitForJob(db, supplier.ownerId, job.id, options.waitSeconds);
  return (await testInvoiceOf(db, supplier, attempt))!;
}

async function createTestInvoiceEntry(
  db: Db,
  supplier: TestInvoiceSupplier,
  regime: NonNullable<TestInvoiceSupplier['regime']>,
  key: string,
  options: { endpoints?: ArcaEndpoints; now?: Date },
): Promise<Entry> {
  const pointOfSale = await testPointOfSale(db, supplier, options.endpoints);
  const doc = testInvoiceDoc(
    { ...supplier.company, regime },
    pointOfSale,
    argentinaToday(options.now ?? new Date()),
  );
  // Two posts of one form racing here send the same request: the second gets the first's entry.
  const { entry } = await createInvoiceEntry(db, supplier.ownerId, { body: { key, data: doc } });
  return entry;
}

/** Homologación takes any number: the supplier's first usable point of sale listed by ARCA, else 1. */
async function testPointOfSale(
  db: Db,
  supplier: TestInvoiceSupplier,
  endpoints?: ArcaEndpoints,
): Promise<number> {
  const listed = await listPointsOfSale(db, supplier, endpoints);
  if (!listed.ok) return 1;
  const usable = listed.list.find((pos) => pos.usable);
  if (usable) return usable.number;
  // A number ARCA lists as unusable (Factura en Línea, blocked…) is refused even in homologación.
  let free = 1;
  while (listed.list.some((pos) => pos.number === free)) free++;
  return free;
}
