import 'server-only';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { getLogger } from '@/lib/log';
import { ApiError, problemResponse } from './problem';
import { utilsV1 } from './utils/v1';

/** The API's path prefixes; server.ts sends these to this app and everything else to Next. */
// /simulator/ answers only while ARCA_SIMULATOR=on (the simulated ARCA the demo and tests use).
export const API_PREFIXES = ['/utils/', '/silo/', '/transform/', '/simulator/'] as const;
export const API_EXACT_PATHS = ['/openapi.json', '/utils', '/silo', '/transform'] as const;

export function isApiPath(pathname: string): boolean {
  return API_EXACT_PATHS.includes(pathname as (typeof API_EXACT_PATHS)[number]) || API_PREFIXES.some((p) => pathname.startsWith(p));
}

export function createApiApp() {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (result.success) return;
      const fields = Object.fromEntries(result.error.issues.map((i) => [i.path.join('.') || 'body', i.message]));
      return problemResponse(c, 422, 'The request has invalid fields.', fields);
    },
  });

  app.route('/utils/v1', utilsV1);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'ARCA supplier registration API', version: '1' },
  });

  app.notFound((c) => problemResponse(c, 404, `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`));
  app.onError((err, c) => {
    if (err instanceof ApiError) return problemResponse(c, err.status, err.message, err.fields);
    if (err instanceof HTTPException && err.status < 500) return problemResponse(c, err.status, err.message);
    getLogger().error({ err, method: c.req.method, path: new URL(c.req.url).pathname }, 'api: unexpected error');
    return problemResponse(c, 500, 'Something went wrong on our side. It has been logged; please try again.');
  });
  return app;
}
