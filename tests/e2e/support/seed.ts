// Runs before the e2e server starts (PGlite allows one process per data folder): two workspaces,
// sandbox and live, each with the Argentina app, a registration workflow and an API key. Tests
// make their own suppliers and jobs through the API with these keys.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/config';
import { startDatabase, stopDatabase } from '@/lib/db';
import { createWorkflow } from '@/lib/transform';
import { connectApp, createApiKey, createWorkspace } from '@/lib/workspaces';

const { db } = await startDatabase('the e2e seed');
const fixtures: Record<string, { workspaceId: string; apiKey: string; workflowId: string }> = {};
for (const environment of ['sandbox', 'live'] as const) {
  const workspace = await createWorkspace(db, { name: `e2e ${environment}`, environment });
  await connectApp(db, workspace.id, 'gov-ar');
  const { workflow } = await createWorkflow(db, workspace.id, {
    template: 'ar-supplier-registration',
  });
  const key = await createApiKey(db, workspace.id, 'e2e');
  fixtures[environment] = { workspaceId: workspace.id, apiKey: key.token, workflowId: workflow.id };
}
writeFileSync(path.join(getEnv().dataDir, 'e2e-fixtures.json'), JSON.stringify(fixtures));
await stopDatabase();
