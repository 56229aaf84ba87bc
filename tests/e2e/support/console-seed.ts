// Runs before the e2e server starts (PGlite has one owner per folder, so the test cannot write
// to the database while the server runs): two workspaces, their operators, one supplier in A, and
// one workspace per Playwright project for the operator journey, and one per project for the
// invoices (a supplier registered against an in-process simulated ARCA, sharing the data folder).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/config';
import { startDatabase, stopDatabase } from '@/lib/db';
import { createEntry } from '@/lib/silo';
import { createUser } from '@/lib/users';
import { createWorkflow } from '@/lib/transform';
import { connectApp, createApiKey, createWorkspace } from '@/lib/workspaces';
import { startSimulator } from '../../fixtures/arca/simulator-server';
import type { ApiWorkspace } from './console';
import { seedInvoices, seedLongInvoice } from './invoice-seed';

const SEED_FILE = 'e2e-console-seed.json';
const PASSWORD = 'e2e password that is long';

const env = getEnv();
const { db } = await startDatabase('the e2e console seed');
const a = await createWorkspace(db, { name: 'Operaciones A', environment: 'sandbox' });
const b = await createWorkspace(db, { name: 'Operaciones B', environment: 'sandbox' });
await createUser(db, { workspaceId: a.id, email: 'operator-a@example.com', password: PASSWORD });
await createUser(db, { workspaceId: a.id, email: 'lockout@example.com', password: PASSWORD });
await createUser(db, { workspaceId: b.id, email: 'operator-b@example.com', password: PASSWORD });
const { entry } = await createEntry(db, a.id, {
  body: {
    folder: 'suppliers',
    data: { name: 'Semilla A SRL', tax_id: { country: 'AR', code: '30-71234567-1' } },
  },
});
// The journey connects the app and changes settings: each project (playwright.config.ts) gets a
// workspace of its own, so each run starts from the state seeded here whichever project ran first.
const journeys: Record<string, { email: string; workspaceName: string }> = {};
for (const project of ['desktop', 'phone']) {
  const workspaceName = `Recorrido ${project}`;
  const journey = await createWorkspace(db, { name: workspaceName, environment: 'sandbox' });
  const email = `journey-${project}@example.com`;
  await createUser(db, { workspaceId: journey.id, email, password: PASSWORD });
  await createEntry(db, journey.id, {
    body: {
      folder: 'suppliers',
      data: { name: 'Semilla Recorrido SRL', tax_id: { country: 'AR', code: '30-71234567-1' } },
    },
  });
  journeys[project] = { email, workspaceName };
}
// The operator journey's later parts, each on a workspace of its own per project so they run on
// either worker: one whose suppliers the API registers (with its key and workflow), one whose pages
// are read in English (the same), one whose settings a test changes.
const registrations: Record<string, ApiWorkspace> = {};
const english: Record<string, ApiWorkspace> = {};
const settings: Record<string, { email: string; workspaceName: string }> = {};
async function apiWorkspace(name: string, email: string): Promise<ApiWorkspace> {
  const workspace = await createWorkspace(db, { name, environment: 'sandbox' });
  await connectApp(db, workspace.id, 'gov-ar');
  const { workflow } = await createWorkflow(db, workspace.id, {
    template: 'ar-supplier-registration',
  });
  const key = await createApiKey(db, workspace.id, 'e2e');
  await createUser(db, { workspaceId: workspace.id, email, password: PASSWORD });
  return { email, apiKey: key.token, workflowId: workflow.id };
}
for (const project of ['desktop', 'phone']) {
  registrations[project] = await apiWorkspace(
    `Registros ${project}`,
    `registrations-${project}@example.com`,
  );
  english[project] = await apiWorkspace(`Inglés ${project}`, `english-${project}@example.com`);
  const workspaceName = `Ajustes ${project}`;
  const configured = await createWorkspace(db, { name: workspaceName, environment: 'sandbox' });
  const settingsEmail = `settings-${project}@example.com`;
  await createUser(db, { workspaceId: configured.id, email: settingsEmail, password: PASSWORD });
  settings[project] = { email: settingsEmail, workspaceName };
}
const sim = await startSimulator(db);
const invoices: Record<string, { email: string } & Awaited<ReturnType<typeof seedInvoices>>> = {};
for (const project of ['desktop', 'phone']) {
  const workspace = await createWorkspace(db, {
    name: `Facturas ${project}`,
    environment: 'sandbox',
  });
  await connectApp(db, workspace.id, 'gov-ar');
  const email = `invoices-${project}@example.com`;
  await createUser(db, { workspaceId: workspace.id, email, password: PASSWORD });
  invoices[project] = { email, ...(await seedInvoices(db, sim, workspace.id)) };
}
const longInvoices: Record<string, { email: string; id: string; lines: number }> = {};
for (const project of ['desktop', 'phone']) {
  const workspace = await createWorkspace(db, {
    name: `Largas ${project}`,
    environment: 'sandbox',
  });
  await connectApp(db, workspace.id, 'gov-ar');
  const email = `long-invoices-${project}@example.com`;
  await createUser(db, { workspaceId: workspace.id, email, password: PASSWORD });
  const lines = 150;
  longInvoices[project] = { email, lines, id: await seedLongInvoice(db, sim, workspace.id, lines) };
}
await sim.close();
await stopDatabase();

const seed = {
  password: PASSWORD,
  a: { workspaceId: a.id, email: 'operator-a@example.com', supplierId: entry.id },
  b: { workspaceId: b.id, email: 'operator-b@example.com' },
  lockout: { email: 'lockout@example.com' },
  journeys,
  registrations,
  english,
  settings,
  invoices,
  longInvoices,
};
writeFileSync(path.join(env.dataDir, SEED_FILE), JSON.stringify(seed, null, 2));
console.log(`e2e console seed written to ${env.dataDir}`);
process.exit(0);
