// One app instance as server.ts wires it, without Next (the suite runs before any build exists):
// the one request handler with the JSON API, /healthz, /readyz, the registration pages' front
// (what Next would render answers 404 here), the embedded runner, on the
// configured database. Prints {"ready":true,"pid":…} once listening; SIGTERM stops it as server.ts does.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from '@/lib/api';
import { getEnv, resolveMasterKey } from '@/lib/config';
import { getDb, startDatabase, stopDatabase } from '@/lib/db';
import { createRegistrationPageServer } from '@/lib/page-cache';
import { createHealthEndpoints, createRequestHandler } from '@/lib/server';
import { startRunner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';

const env = getEnv();
resolveMasterKey(env);
await startDatabase();
const runner = startRunner({ getDb, steps: STEP_HANDLERS });
const serveRegistrationPage = createRegistrationPageServer({
  getDb,
  viewsPerMinutePerRef: env.regPageViewsPerMinute,
});
const handleRequest = createRequestHandler({
  trustedProxies: env.trustedProxies,
  requestsPerMinute: env.pageRequestsPerMinute,
  admission: { ...env.admission, simulatorMounted: false },
  handleApi: getRequestListener(createApiApp().fetch),
  handleHealth: createHealthEndpoints({ getDb, runner }),
  handlePage: (req, res) =>
    void serveRegistrationPage(req, res, () => void res.writeHead(404).end()).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    }),
});
const server = http.createServer(handleRequest);
await new Promise<void>((resolve) => server.listen(env.port, env.host, resolve));
console.log(JSON.stringify({ ready: true, pid: process.pid }));

process.once('SIGTERM', () => {
  void (async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runner.stop();
    await stopDatabase();
    process.exit(0);
  })();
});
