// Seeds a fresh data folder before the app starts (PGlite has one owner per folder): a workspace with a
// registered supplier, unsent Facturas B of the sizes asked for, and an operator's session token, written
// as JSON on the last line of stdout for bench/scenarios/console-pages.ts.
import { startDatabase, stopDatabase } from '@/lib/db';
import { createInvoiceEntry } from '@/lib/invoices';
import { createUser, signIn } from '@/lib/users';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import { startSimulator } from '../../tests/fixtures/arca/simulator-server';
import { registerSupplier } from '../../tests/integration/support/registered-supplier';

const sizes = process.argv.slice(2).map(Number);
const email = 'bench-console@example.com';
const password = 'bench console password that is long';

const { db } = await startDatabase('the console pages bench seed');
const workspace = await createWorkspace(db, { name: 'Bench console', environment: 'sandbox' });
await connectApp(db, workspace.id, 'gov-ar');
await createUser(db, { workspaceId: workspace.id, email, password });
const sim = await startSimulator(db);
const supplier = await registerSupplier(db, sim, workspace.id);
await sim.close();

const invoices: Record<string, string> = {};
for (const size of sizes) {
  const { entry } = await createInvoiceEntry(db, workspace.id, {
    body: {
      data: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        $addons: ['ar-arca-v4'],
        series: '2',
        issue_date: new Date().toISOString().slice(0, 10),
        supplier: { name: supplier.name, tax_id: { country: 'AR', code: supplier.cuit } },
        lines: Array.from({ length: size }, (_, i) => ({
          quantity: String(1 + (i % 7)),
          item: { name: `Artículo de librería número ${i + 1}`, price: '1234.56', key: 'goods' },
          taxes: [{ cat: 'VAT', rate: i % 2 ? 'general' : 'reduced' }],
        })),
      },
    },
  });
  invoices[size] = entry.id;
}
const session = await signIn(db, { email, password }, { clientAddress: '127.0.0.1' });
if (!session.ok) throw new Error('the bench operator could not sign in');
await stopDatabase();
console.log(JSON.stringify({ invoices, token: session.token }));
process.exit(0);
