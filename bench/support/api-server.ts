// The JSON API alone, served exactly as server.ts serves API paths (same listener, same app), for
// benches that must not build Next. Started by startApiOnly(); PORT and the database come from env.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApiApp, isApiPath } from '@/lib/api';
import { getEnv } from '@/lib/config';
import { startDatabase, stopDatabase } from '@/lib/db';
import { getLogger, redactUrl } from '@/lib/log';

const env = getEnv();
const log = getLogger();
await startDatabase('the API bench server');
const handleApi = getRequestListener(createApiApp().fetch);
const server = http.createServer((req, res) => {
  const started = performance.now();
  res.once('finish', () =>
    log.info(
      {
        method: req.method,
        path: redactUrl(req.url ?? '/'),
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      },
      'request',
    ),
  );
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (isApiPath(pathname)) void handleApi(req, res);
  else res.writeHead(404).end();
});
server.keepAliveTimeout = 65_000;
server.listen(env.port, '127.0.0.1');
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void stopDatabase().then(() => process.exit(0)));
});
