// The app's job runner on the embedded database (DATA_DIR), as server.ts runs it, for tests that
// kill it: prints {"ready":true} once running and {"job":id,"status":…} when a job completes.
import { isNotNull } from 'drizzle-orm';
import { getEnv, resolveMasterKey } from '@/lib/config';
import { getDb, schema, startDatabase, stopDatabase } from '@/lib/db';
import { startPdfRenderPool } from '@/lib/invoice-print/pdf-render-pool';
import { startRunner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';

resolveMasterKey(getEnv());
const database = await startDatabase();
const pdfRenderPool = startPdfRenderPool();
const runner = startRunner({ getDb, steps: STEP_HANDLERS });
console.log(JSON.stringify({ ready: true }));

const reported = new Set<string>();
const watch = setInterval(() => {
  void database.db
    .select({ id: schema.jobs.id, status: schema.jobs.status })
    .from(schema.jobs)
    .where(isNotNull(schema.jobs.completedAt))
    .then((rows) => {
      for (const row of rows.filter((r) => !reported.has(r.id))) {
        reported.add(row.id);
        console.log(JSON.stringify({ job: row.id, status: row.status }));
      }
    });
}, 100);

process.once('SIGTERM', () => {
  void (async () => {
    clearInterval(watch);
    await runner.stop();
    await pdfRenderPool.stop();
    await stopDatabase();
    process.exit(0);
  })();
});
