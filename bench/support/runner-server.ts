import http from 'node:http';
import { sql } from 'drizzle-orm';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from '@/lib/api';
import { getDb, queryRows, startDatabase, stopDatabase } from '@/lib/db';
import { createEntry } from '@/lib/silo';
import { createWorkflow, startRunner } from '@/lib/transform';
import { connectApp, createApiKey, createWorkspace } from '@/lib/workspaces';
import { STEP_HANDLERS } from '@/lib/workflow-steps';

// The API and the embedded runner exactly as server.ts wires them (Next serves no API path, so it is
// left out), plus /bench/stats. argv: port, entry count, webhook URL. Prints its setup as JSON.
const [port, entryCount, webhookUrl] = [
  Number(process.argv[2]),
  Number(process.argv[3]),
  process.argv[4],
];

async function main() {
  const { db } = await startDatabase('bench');
  const workspace = await createWorkspace(db, { name: 'bench' });
  await connectApp(db, workspace.id, 'gov-ar');
  const { workflow } = await createWorkflow(db, workspace.id, {
    template: 'ar-supplier-registration',
  });
  const { workflow: withWebhook } = await createWorkflow(db, workspace.id, {
    template: 'ar-supplier-registration',
    webhook: { url: webhookUrl! },
  });
  const { token } = await createApiKey(db, workspace.id);
  const entryIds: string[] = [];
  for (let i = 0; i < entryCount; i++) {
    const code = ['30500010912', '20123456786', '27123456780', '30712345671'][i % 4]!;
    const { entry } = await createEntry(db, workspace.id, {
      body: {
        folder: 'suppliers',
        data: {
          $schema: 'https://gobl.org/draft-0/org/party',
          name: `Proveedor ${i}`,
          tax_id: { country: 'AR', code },
        },
      },
    });
    entryIds.push(entry.id);
  }
  const runner = startRunner({ getDb, steps: STEP_HANDLERS });
  const api = getRequestListener(createApiApp().fetch);
  const server = http.createServer((req, res) => {
    if (req.url === '/bench/stats')
      return void stats().then((body) => res.end(JSON.stringify(body)));
    void api(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  console.log(
    JSON.stringify({ token, workflowId: workflow.id, webhookWorkflowId: withWebhook.id, entryIds }),
  );
  process.once('SIGTERM', () => {
    server.close();
    void runner
      .stop()
      .then(stopDatabase)
      .then(() => process.exit(0));
  });
}

/** Jobs created and parked at the wait step, and when the last one parked. */
async function stats() {
  const [row] = await queryRows<{ jobs: number; parked: number; last_parked: string | null }>(
    await getDb(),
    sql`select (select count(*)::int from transform_jobs) as jobs,
               count(*)::int as parked, max(updated_at) as last_parked
        from transform_job_intents where provider = 'gov-ar.wait.authorization' and status = 'QUEUED'`,
  );
  return row;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
