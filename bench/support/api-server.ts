// The JSON API alone, served exactly as server.ts serves API paths (the same request listener:
// request ids, per-address guard, admission, metrics and access log; the same app), for benches that
// must not build Next: any other path answers 404. Started by startApiApp(); PORT and the database
// come from env.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from '@/lib/api';
import { getEnv } from '@/lib/config';
import { startDatabase, stopDatabase } from '@/lib/db';
import { getLogger } from '@/lib/log';
import { createRequestHandler } from '@/lib/server';

const env = getEnv();
const log = getLogger();
await startDatabase('the API bench server');
const handleApi = getRequestListener(createApiApp().fetch);
const server = http.createServer(
  createRequestHandler({
    trustedProxies: env.trustedProxies,
    accessLog: log,
    requestsPerMinute: env.pageRequestsPerMinute,
    admission: { ...env.admission, simulatorMounted: false },
    handleApi,
    handlePage: (_req, res) => void res.writeHead(404).end(),
  }),
);
server.keepAliveTimeout = 65_000;
server.listen(env.port, '127.0.0.1');
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void stopDatabase().then(() => process.exit(0)));
});
