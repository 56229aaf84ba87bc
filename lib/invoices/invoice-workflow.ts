import 'server-only';
import type { Db } from '@/lib/db';
import { createWorkflow, listWorkflows, type Workflow } from '@/lib/transform';

export const INVOICE_TEMPLATE = 'ar-invoice';

// The oldest one: two first sends racing to create the workflow both end up on the same one.
async function oldestInvoiceWorkflow(db: Db, ownerId: string): Promise<Workflow | undefined> {
  const { list } = await listWorkflows(db, ownerId, { limit: 100, schema: 'bill/invoice' });
  return list.filter((w) => w.template === INVOICE_TEMPLATE).at(-1);
}

/** The workspace's `ar-invoice` workflow, made from the template when it has none. */
export async function ensureInvoiceWorkflow(db: Db, ownerId: string): Promise<Workflow> {
  const found = await oldestInvoiceWorkflow(db, ownerId);
  if (found) return found;
  await createWorkflow(db, ownerId, { template: INVOICE_TEMPLATE });
  return (await oldestInvoiceWorkflow(db, ownerId))!;
}
