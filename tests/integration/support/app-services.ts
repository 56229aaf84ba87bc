// server.ts without Next: the embedded database, the PDF render pool, the runner, the control socket and the demo,
// wired as server.ts wires them (integration tests run before any build exists). Prints one JSON
// line with the demo when ready; SIGTERM stops it as server.ts stops.
import { startControlSocket } from '@/lib/admin';
import { getEnv, resolveMasterKey } from '@/lib/config';
import { getDb, startDatabase, stopDatabase } from '@/lib/db';
import { prepareDemo } from '@/lib/demo';
import { startPdfRenderPool } from '@/lib/invoice-print/pdf-render-pool';
import { startRunner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';

const env = getEnv();
resolveMasterKey(env);
const database = await startDatabase();
const pdfRenderPool = startPdfRenderPool();
const runner = startRunner({ getDb, steps: STEP_HANDLERS });
const socket = await startControlSocket(env.dataDir, getDb);
const demo = await prepareDemo(database.db);
console.log(
  JSON.stringify({
    workspaceId: demo.workspaceId,
    workflowId: demo.workflowId,
    apiKey: demo.apiKey,
    password: demo.operator.password,
    link: demo.link,
  }),
);
process.once('SIGTERM', () => {
  void (async () => {
    await socket.close();
    await runner.stop();
    await pdfRenderPool.stop();
    await stopDatabase();
    process.exit(0);
  })();
});
