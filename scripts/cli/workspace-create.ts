import { parseArgs } from 'node:util';
import { connectApp, createApiKey, createWorkspace } from '@/lib/workspaces';
import { runCommand, UsageError } from './run-command';

// npm run workspace:create -- --name <n> --env sandbox|live [--connect gov-ar] [--json]
const { values } = parseArgs({ options: { name: { type: 'string' }, env: { type: 'string', default: 'sandbox' }, connect: { type: 'string' }, json: { type: 'boolean', default: false } } });

await runCommand('workspace:create', values.json, async (db) => {
  if (!values.name) throw new UsageError('--name is required: npm run workspace:create -- --name <name> --env sandbox|live [--connect gov-ar]');
  if (values.env !== 'sandbox' && values.env !== 'live') throw new UsageError('--env must be sandbox or live');
  const workspace = await createWorkspace(db, { name: values.name, environment: values.env });
  if (values.connect) await connectApp(db, workspace.id, values.connect);
  const key = await createApiKey(db, workspace.id, 'first key');
  return { workspace_id: workspace.id, environment: workspace.environment, ...(values.connect ? { connected: values.connect } : {}), api_key: key.token };
});
