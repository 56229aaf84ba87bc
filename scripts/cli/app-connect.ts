import { parseArgs } from 'node:util';
import { connectApp, getWorkspace } from '@/lib/workspaces';
import { runCommand, UsageError } from './run-command';

// npm run app:connect -- --workspace <id> --app gov-ar [--json]
const { values } = parseArgs({ options: { workspace: { type: 'string' }, app: { type: 'string', default: 'gov-ar' }, json: { type: 'boolean', default: false } } });

await runCommand('app:connect', values.json, async (db) => {
  if (!values.workspace) throw new UsageError('--workspace <id> is required');
  if (!(await getWorkspace(db, values.workspace).catch(() => undefined))) throw new UsageError(`No workspace ${values.workspace}.`);
  await connectApp(db, values.workspace, values.app);
  return { workspace_id: values.workspace, app: values.app, connected: true };
});
