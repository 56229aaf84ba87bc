import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Bodies are JSON and at most 1 MB, whatever the route. */
export const jsonBodyOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const type = c.req.header('content-type') ?? '';
    const length = Number(c.req.header('content-length') ?? '0');
    if ((length > 0 || c.req.header('transfer-encoding')) && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
      return problemResponse(c, 415, 'Send the body as JSON with "Content-Type: application/json".');
    }
  }
  await next();
};

const bodyLimitCheck = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => problemResponse(c, 413, `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`),
});

// Only requests that carry a body pay for the check: reading it makes the adapter build a full Request.
export const limitBody: MiddlewareHandler<ApiEnv> = (c, next) => (BODY_METHODS.has(c.req.method) ? bodyLimitCheck(c, next) : next());
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
