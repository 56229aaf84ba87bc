import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { createEntry, getEntry, getEntryByKey } from '@/lib/silo';
import { createJob, createWorkflow, getJobByKey } from '@/lib/transform';
import {
  connectApp,
  createApiKey,
  createWorkspace,
  hashApiToken,
  revokeApiKey,
} from '@/lib/workspaces';

const DEMO_NAME = 'Demo (sandbox)';
const DEMO_KEY_NAME = 'demo';
const DEMO_SUPPLIER = { name: 'Panadería La Espiga SRL', cuit: '30712345671' };

export interface DemoInfo {
  workspaceId: string;
  workflowId: string;
  apiKey: string;
  supplierId: string;
  linkUrl?: string;
}

/**
 * The embedded demo: a sandbox workspace with the Argentina app, the registration workflow and one
 * supplier whose job is running, made once. `knownApiKey` is the key shown at an earlier start: it
 * is shown again while it is still the workspace's active demo key, else a new one replaces it.
 */
export async function ensureDemo(db: Db, knownApiKey?: string): Promise<DemoInfo> {
  let [workspace] = await db
    .select()
    .from(schema.workspaces)
    .where(eq(schema.workspaces.name, DEMO_NAME))
    .orderBy(asc(schema.workspaces.createdAt))
    .limit(1);
  let supplierId: string;
  let workflowId: string;
  if (!workspace) {
    const created = await createWorkspace(db, { name: DEMO_NAME, environment: 'sandbox' });
    [workspace] = await db
      .select()
      .from(schema.workspaces)
      .where(eq(schema.workspaces.id, created.id));
    await connectApp(db, created.id, 'gov-ar');
    const { workflow } = await createWorkflow(db, created.id, {
      template: 'ar-supplier-registration',
    });
    const { entry } = await createEntry(db, created.id, {
      body: {
        key: 'demo-supplier',
        folder: 'suppliers',
        data: { name: DEMO_SUPPLIER.name, tax_id: { country: 'AR', code: DEMO_SUPPLIER.cuit } },
      },
    });
    await createJob(db, created.id, {
      body: { workflow_id: workflow.id, silo_entry_id: entry.id, key: 'demo-registration' },
    });
    supplierId = entry.id;
    workflowId = workflow.id;
  } else {
    const entry = await getEntryByKey(db, workspace.id, 'demo-supplier');
    const job = await getJobByKey(db, workspace.id, 'demo-registration');
    supplierId = entry!.id;
    workflowId = job!.workflowId;
  }
  return {
    workspaceId: workspace!.id,
    workflowId,
    apiKey: await ensureDemoApiKey(db, workspace!.id, knownApiKey),
    supplierId,
  };
}

async function ensureDemoApiKey(
  db: Db,
  workspaceId: string,
  known: string | undefined,
): Promise<string> {
  const active = await db
    .select({ id: schema.apiKeys.id, hash: schema.apiKeys.hash })
    .from(schema.apiKeys)
    .where(
      and(
        eq(schema.apiKeys.workspaceId, workspaceId),
        eq(schema.apiKeys.name, DEMO_KEY_NAME),
        isNull(schema.apiKeys.revokedAt),
      ),
    );
  if (known && active.some((key) => key.hash === hashApiToken(known))) return known;
  for (const key of active) await revokeApiKey(db, workspaceId, key.id);
  return (await createApiKey(db, workspaceId, DEMO_KEY_NAME)).token;
}

/** The supplier's registration link, once the runner has created it (a few hundred ms after start). */
export async function waitForDemoLink(
  db: Db,
  demo: DemoInfo,
  timeoutMs = 15_000,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const entry = await getEntry(db, demo.workspaceId, demo.supplierId);
    const link = entry?.meta.find((m) => m.src === 'gov-ar' && m.key === 'link')?.linkUrl;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}
