// Invoices for tests/e2e/console-invoices.spec.ts, made the way the API makes them (createInvoiceEntry)
// for a supplier registered as the wizard does it (tests/integration/support/registered-supplier.ts).
import type { Db } from '@/lib/db';
import { createInvoiceEntry } from '@/lib/invoices';
import type { RunningSimulator } from '../../fixtures/arca/simulator-server';
import { registerSupplier } from '../../integration/support/registered-supplier';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A Factura B to a final consumer on point of sale 2 (to send from the console), a Factura A on 3 and
 * a Factura B in dollars for a month of services on 4 (these two left unsent).
 */
export async function seedInvoices(db: Db, sim: RunningSimulator, workspaceId: string) {
  const supplier = await registerSupplier(db, sim, workspaceId, { name: 'Librería Ñandú SRL' });
  const create = async (doc: Record<string, unknown>) =>
    (
      await createInvoiceEntry(db, workspaceId, {
        body: {
          data: {
            $schema: 'https://gobl.org/draft-0/bill/invoice',
            $addons: ['ar-arca-v4'],
            issue_date: today(),
            supplier: { name: supplier.name, tax_id: { country: 'AR', code: supplier.cuit } },
            ...doc,
          },
        },
      })
    ).entry.id;
  // The oldest: the list shows it last.
  const usdServices = await create({
    series: '4',
    currency: 'USD',
    exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1050.50' }],
    ordering: { period: { start: '2026-03-01', end: '2026-03-31' } },
    payment: { terms: { due_dates: [{ date: '2026-04-10' }] } },
    lines: [
      {
        quantity: '1',
        item: { name: 'Soporte técnico, marzo', price: '400.00', key: 'services' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
  });
  const typeB = await create({
    series: '2',
    lines: [
      {
        quantity: '2',
        item: { name: 'Resma A4', price: '5000.00', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
  });
  const typeA = await create({
    series: '3',
    customer: {
      name: 'Panadería Sol SA',
      tax_id: { country: 'AR', code: '30712345671' },
      ext: { 'ar-arca-vat-status': '1' },
    },
    lines: [
      {
        quantity: '3',
        item: { name: 'Harina 000', price: '1000.10', key: 'goods' },
        discounts: [{ percent: '10%' }],
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
      {
        quantity: '1',
        item: { name: 'Pan', price: '0.10', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'reduced' }],
      },
    ],
  });
  return { supplierCuit: supplier.cuit, typeB, typeA, usdServices };
}

/** An unsent Factura B of `count` lines on point of sale 5, for the console's paged lines. */
export async function seedLongInvoice(
  db: Db,
  sim: RunningSimulator,
  workspaceId: string,
  count: number,
) {
  const supplier = await registerSupplier(db, sim, workspaceId, { name: 'Ferretería Larga SA' });
  const { entry } = await createInvoiceEntry(db, workspaceId, {
    body: {
      data: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        $addons: ['ar-arca-v4'],
        series: '5',
        issue_date: today(),
        supplier: { name: supplier.name, tax_id: { country: 'AR', code: supplier.cuit } },
        lines: Array.from({ length: count }, (_, i) => ({
          quantity: '1',
          item: { name: `Tornillo ${i + 1}`, price: '10.00', key: 'goods' },
          taxes: [{ cat: 'VAT', rate: 'general' }],
        })),
      },
    },
  });
  return entry.id;
}
