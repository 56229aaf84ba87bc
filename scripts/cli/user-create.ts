import { parseArgs } from 'node:util';
import { createUser } from '@/lib/users';
import { runCommand, UsageError } from './run-command';

// npm run user:create -- --workspace <id> --email <e> [--json]; prints a generated password once.
const { values } = parseArgs({ options: { workspace: { type: 'string' }, email: { type: 'string' }, json: { type: 'boolean', default: false } } });

await runCommand('user:create', values.json, async (db) => {
  if (!values.workspace) throw new UsageError('--workspace <id> is required');
  if (!values.email) throw new UsageError('--email <address> is required');
  const { user, password } = await createUser(db, { workspaceId: values.workspace, email: values.email });
  return { user_id: user.id, workspace_id: user.workspace_id, email: user.email, password, console_url: '/console' };
});
