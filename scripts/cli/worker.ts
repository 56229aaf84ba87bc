import { ConfigError, getEnv, resolveMasterKeys } from '@/lib/config';
import { DataDirBusyError, getDb, startDatabase, stopDatabase } from '@/lib/db';
import { startPdfRenderPool } from '@/lib/invoice-print/pdf-render-pool';
import { getLogger } from '@/lib/log';
import { startCertificateNotices } from '@/lib/registration';
import { createHealthEndpoints, metricsEndpointFor, startOperationsServer } from '@/lib/server';
import { startRunner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';

// npm run worker: the step runner as its own process (PostgreSQL; with PGlite it runs inside the app).
async function main() {
  const env = getEnv();
  if (!env.databaseUrl) {
    console.error(
      'npm run worker needs PostgreSQL (DATABASE_URL). With the embedded database the runner already runs inside the app (npm start).',
    );
    process.exit(1);
  }
  // A worker opens sealed keys and webhook secrets: a bad master key stops it here, not mid-job.
  resolveMasterKeys(env);
  await startDatabase('npm run worker');
  const pdfRenderPool = startPdfRenderPool();
  const runner = startRunner({ getDb, steps: STEP_HANDLERS });
  const certificateNotices = startCertificateNotices({ getDb });
  // What runs in jobs is counted here, so a deployment with RUNNER=off scrapes the workers too.
  const operations = env.workerPort
    ? await startOperationsServer({
        port: env.workerPort,
        host: env.host,
        handleHealth: createHealthEndpoints({ getDb, runner }),
        handleMetrics: metricsEndpointFor(env.metricsToken, getDb),
      })
    : undefined;
  const serving = operations
    ? ` (health${env.metricsToken ? ', metrics' : ''} on port ${operations.port})`
    : '';
  console.log(`worker ${runner.id} running${serving}; Ctrl+C to stop`);
  const stop = async () => {
    await operations?.close();
    await certificateNotices.stop();
    await runner.stop();
    await pdfRenderPool.stop();
    await stopDatabase();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError)
    console.error(error.message);
  else getLogger().error({ err: error }, 'worker: failed to start');
  process.exit(1);
});
