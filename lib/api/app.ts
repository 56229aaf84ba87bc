import 'server-only';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { getEnv } from '@/lib/config';
import { getDb as getAppDb, isDatabaseUnavailable, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { getLogger } from '@/lib/log';
import { setAnswerHeader } from './answer-header';
import type { ApiEnv } from './context';
import { checkApiRequest } from './middleware/check-api-request';
import { domainErrorResponse, problemResponse } from './problem';
import { siloV1 } from './silo/v1';
import { transformV1 } from './transform/v1';
import { utilsV1 } from './utils/v1';
import { unsupportedVersion } from './versions';

/** The API's path prefixes; server.ts sends these to this app and everything else to Next. */
// /simulator/ answers only while ARCA_SIMULATOR=on (the simulated ARCA the demo and tests use).
const API_PREFIXES = ['/utils/', '/silo/', '/transform/', '/simulator/'] as const;
export const API_EXACT_PATHS = ['/openapi.json', '/utils', '/silo', '/transform'] as const;

export function isApiPath(pathname: string): boolean {
  return (
    API_EXACT_PATHS.includes(pathname as (typeof API_EXACT_PATHS)[number]) ||
    API_PREFIXES.some((p) => pathname.startsWith(p))
  );
}

// Long enough for a PostgreSQL restart or failover, short enough that a client does not wait long after it.
const DATABASE_RETRY_AFTER_SECONDS = 5;

export interface ApiOptions {
  /** The database to use; the app's shared one by default (tests pass their own). */
  getDb?: () => Promise<Db>;
  /** Requests per API key per minute; API_RATE_LIMIT_PER_MINUTE by default. */
  rateLimitPerMinute?: number;
  /** The simulated ARCA, mounted at /simulator/arca: server.ts passes it only while ARCA_SIMULATOR=on. */
  simulator?: Hono;
}

export function createApiApp(options: ApiOptions = {}) {
  const getDb = options.getDb ?? getAppDb;
  const checkRequest = checkApiRequest(
    options.rateLimitPerMinute ?? getEnv().apiRateLimitPerMinute,
  );
  const app = new OpenAPIHono<ApiEnv>();
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
  });

  // Answers hold workspace data: no cache (browser, proxy) may keep them. Set before the route runs
  // (only the simulated ARCA's stylesheet sets its own), on Node's response when served over HTTP:
  // c.header() after next() would copy the whole response (its body made a stream), and headers kept
  // on the response cost a web Headers object per answer (lib/api/answer-header.ts). One layer with
  // the database: each layer of Hono's chain costs promises and closures on every request.
  app.use('*', async (c, next) => {
    setAnswerHeader(c, 'Cache-Control', 'no-store');
    c.set('db', await getDb());
    await next();
  });
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        withAllow(problemResponse(c, 405, `Use ${methods.join(', ')} on this path.`), methods),
    }),
  );
  for (const service of ['/utils/v1/*', '/silo/v1/*', '/transform/v1/*'])
    app.use(service, checkRequest);

  app.route('/utils/v1', utilsV1);
  app.route('/silo/v1', siloV1);
  app.route('/transform/v1', transformV1);
  if (options.simulator) mountSimulator(app, options.simulator);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'ARCA supplier registration API',
      version: '1',
      description: 'Wire-compatible with the Invopop API for the endpoints it implements.',
    },
  });

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    return problemResponse(
      c,
      404,
      unsupportedVersion(path) ?? `No API route for ${c.req.method} ${path}.`,
    );
  });
  app.onError((err, c) => {
    if (err instanceof DomainError) return domainErrorResponse(c, err);
    if (err instanceof HTTPException && err.status < 500)
      return problemResponse(c, err.status, err.message);
    if (isDatabaseUnavailable(err)) {
      getLogger().warn(
        { err, method: c.req.method, path: new URL(c.req.url).pathname },
        'api: database unavailable',
      );
      const response = problemResponse(
        c,
        503,
        'The database cannot be reached right now; retry after Retry-After seconds (a request with your own id or key is safe to repeat).',
      );
      response.headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return response;
    }
    getLogger().error(
      { err, method: c.req.method, path: new URL(c.req.url).pathname },
      'api: unexpected error',
    );
    return problemResponse(
      c,
      500,
      'Something went wrong on our side. It has been logged; please try again.',
    );
  });
  return app;
}

function withAllow(response: Response, methods: string[]) {
  response.headers.set('Allow', methods.join(', '));
  return response;
}

function mountSimulator(app: OpenAPIHono<ApiEnv>, simulator: Hono) {
  app.route('/simulator/arca', simulator);
  // The demo prints the index with a trailing slash, as a folder's address is usually written.
  app.get('/simulator/arca/', (c) => c.redirect('/simulator/arca', 308));
}
