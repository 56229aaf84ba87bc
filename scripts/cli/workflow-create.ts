import { parseArgs } from 'node:util';
import { createWorkflow } from '@/lib/transform';
import { getWorkspace } from '@/lib/workspaces';
import { runCommand, UsageError } from './run-command';

// npm run workflow:create -- --workspace <id> --template ar-supplier-registration [--webhook-url <u>] [--webhook-token <t>] [--webhook-event <e>] [--json]
const { values } = parseArgs({
  options: {
    workspace: { type: 'string' },
    template: { type: 'string', default: 'ar-supplier-registration' },
    'webhook-url': { type: 'string' },
    'webhook-token': { type: 'string' },
    'webhook-event': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

await runCommand('workflow:create', values.json, async (db) => {
  if (!values.workspace) throw new UsageError('--workspace <id> is required');
  if (!(await getWorkspace(db, values.workspace).catch(() => undefined))) throw new UsageError(`No workspace ${values.workspace}.`);
  const webhook = values['webhook-url'] ? { url: values['webhook-url'], token: values['webhook-token'], event: values['webhook-event'] } : undefined;
  const { workflow, webhook_secret } = await createWorkflow(db, values.workspace, { template: values.template, webhook });
  return { workflow_id: workflow.id, name: workflow.name, steps: workflow.steps.map((s) => s.provider).join(' → '), ...(webhook_secret ? { webhook_secret } : {}) };
});
