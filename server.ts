import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApiApp } from '@/lib/api';
import { startRsaKeyPool } from '@/lib/arca';
import { ConfigError, getEnv, resolveMasterKeys } from '@/lib/config';
import { DataDirBusyError, getDb, startDatabase, stopDatabase } from '@/lib/db';
import { startRunner } from '@/lib/transform';
import { startControlSocket } from '@/lib/admin';
import { startPdfRenderPool } from '@/lib/invoice-print/pdf-render-pool';
import { prepareDemo } from '@/lib/demo';
import { currentRequestId, getLogger, redactConsoleErrors, redactUrl } from '@/lib/log';
import { createRegistrationPageServer } from '@/lib/page-cache';
import { startRateLimitPruning } from '@/lib/ratelimit';
import { startCertificateNotices } from '@/lib/registration';
import {
  createHealthEndpoints,
  createStaticAssets,
  metricsEndpointFor,
  createRequestHandler,
  stopSourceMapsUnlessAsked,
} from '@/lib/server';
import { warmDecoyHash } from '@/lib/users';
import { STEP_HANDLERS } from '@/lib/workflow-steps';

const LISTEN_BACKLOG = 4096;

// Next must leave SIGTERM to us, or it exits before PGlite has closed its files.
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';
redactConsoleErrors();

async function main() {
  const env = getEnv();
  const log = getLogger();
  resolveMasterKeys(env);
  const database = await startDatabase();
  // The first unknown-email sign-in must not pay for computing the decoy as well.
  void warmDecoyHash();
  // PDFs (the pdf step, the console's download) render on worker threads, off the event loop.
  const pdfRenderPool = startPdfRenderPool();
  // Embedded by default; a deployment that runs `npm run worker` separately sets RUNNER=off here.
  const runner = env.embeddedRunner ? startRunner({ getDb, steps: STEP_HANDLERS }) : undefined;
  // Certificate notices go wherever jobs run: their webhooks are jobs.
  const certificateNotices = env.embeddedRunner ? startCertificateNotices({ getDb }) : undefined;
  const rateLimitPruning = startRateLimitPruning(getDb, (err) =>
    log.error({ err }, 'server: pruning rate limits failed'),
  );

  // Before Next loads its server chunks and their source maps (lib/server/source-maps.ts).
  stopSourceMapsUnlessAsked(env.appEnv);
  const nextApp = next({
    dev: env.appEnv === 'development',
    dir: process.cwd(),
    port: env.port,
    hostname: 'localhost',
  });
  await nextApp.prepare();
  const handlePage = nextApp.getRequestHandler();
  // The simulated ARCA only while ARCA_SIMULATOR=on (the config refuses it in production): its CAs are
  // trusted from now on and the API mounts its routes. Off, its module is never loaded.
  let simulator: Hono | undefined;
  if (env.arcaSimulator) {
    const arcaSimulator = await import('@/lib/arca-simulator');
    arcaSimulator.trustSimulatorCas();
    simulator = arcaSimulator.createArcaSimulator({ db: getDb, basePath: '/simulator/arca' });
  }
  const handleApi = getRequestListener(createApiApp({ simulator }).fetch);
  const serveRegistrationPage = createRegistrationPageServer({
    getDb,
    viewsPerMinutePerRef: env.regPageViewsPerMinute,
    production: env.production,
  });
  const handleRequest = createRequestHandler({
    trustedProxies: env.trustedProxies,
    accessLog: log,
    requestsPerMinute: env.pageRequestsPerMinute,
    admission: { ...env.admission, simulatorMounted: simulator !== undefined },
    handleApi,
    handleHealth: createHealthEndpoints({ getDb, runner }),
    // Development builds change their files while serving: Next serves them there.
    serveStatic:
      env.appEnv === 'development'
        ? undefined
        : createStaticAssets(path.join(process.cwd(), '.next/static'), {
            icon: path.join(process.cwd(), 'app/icon.svg'),
          }),
    handleMetrics: metricsEndpointFor(env.metricsToken, getDb),
    handlePage: (req, res) =>
      void serveRegistrationPage(req, res, () => void handlePage(req, res)).catch(
        (error: unknown) => {
          log.error(
            { err: error, path: redactUrl(req.url ?? '/') },
            'server: registration page failed',
          );
          if (!res.headersSent)
            res
              .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
              .end(`Internal server error (request ${currentRequestId()}).`);
        },
      ),
  });

  // Keys made ahead while the instance is not busy: the wizard's key step does not wait for RSA.
  const keyPool = startRsaKeyPool({
    size: env.rsaKeyPoolSize,
    isBusy: handleRequest.isBusy,
    onError: (err) => log.warn({ err }, 'server: making an RSA key ahead failed'),
  });

  const server = http.createServer(handleRequest);
  server.keepAliveTimeout = 65_000;

  // Hundreds of browsers opening six connections each at the same moment: the default backlog (511)
  // would drop the connections beyond it until the event loop accepts, and each dropped one waits
  // a second or more for its retry. The kernel caps it at net.core.somaxconn.
  await new Promise<void>((resolve) =>
    server.listen({ port: env.port, host: env.host, backlog: LISTEN_BACKLOG }, resolve),
  );
  // With the embedded database this process owns the data folder: CLI commands run here, sent over a local socket.
  const controlSocket = env.databaseUrl
    ? undefined
    : await startControlSocket(env.dataDir, getDb).catch(
        (err: unknown) =>
          void log.warn({ err }, 'server: no control socket; CLI commands need the app stopped'),
      );
  log.info(
    {
      port: env.port,
      database: database.kind,
      appEnv: env.appEnv,
      arcaSimulator: env.arcaSimulator,
    },
    'server: listening',
  );
  console.log(
    `\n  ARCA registration is running at http://localhost:${env.port}  (${env.appEnv}, database: ${database.kind})`,
  );
  if (!env.production && !env.databaseUrl && env.arcaSimulator)
    await printDemo(database.db, env.port);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'server: shutting down');
    const force = setTimeout(() => server.closeAllConnections(), 5_000).unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    clearTimeout(force);
    keyPool?.stop();
    await controlSocket?.close();
    await certificateNotices?.stop();
    await runner?.stop();
    await pdfRenderPool.stop();
    await rateLimitPruning.stop();
    await nextApp.close().catch(() => undefined);
    await stopDatabase();
    log.info('server: stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

/** The embedded demo's sandbox workspace, API key and a supplier's registration link, on the console. */
async function printDemo(db: Awaited<ReturnType<typeof startDatabase>>['db'], port: number) {
  const demo = await prepareDemo(db);
  console.log(
    [
      '',
      '  Demo workspace (sandbox, simulated ARCA)',
      `    workspace_id:      ${demo.workspaceId}`,
      `    workflow_id:       ${demo.workflowId}`,
      `    api_key:           ${demo.apiKey}   (the same at every start)`,
      `    registration link: ${demo.link ?? '(not ready yet: check the runner log)'}`,
      `    simulated ARCA:    http://localhost:${port}/simulator/arca`,
      `    console:           http://localhost:${port}/console  (${demo.operator.email} / ${demo.operator.password})`,
      '',
      `  Try: curl -H "Authorization: Bearer ${demo.apiKey}" http://localhost:${port}/utils/v1/ping`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError)
    console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
