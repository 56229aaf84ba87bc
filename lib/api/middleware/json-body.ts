import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

const MAX_BODY_BYTES = 1024 * 1024;

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
  onError: (c) => tooLarge(c),
});
const tooLarge = (c: Context) => problemResponse(c, 413, `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);

/**
 * Refuses a body over 1 MB. A body with a Content-Length is checked by its header and read later by
 * whoever needs it (Node stops at that length; under node:http the adapter then reads the socket
 * without building a fetch Request); a chunked one is read and counted by Hono's bodyLimit.
 */
export const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!BODY_METHODS.has(c.req.method)) return next();
  const length = c.req.header('content-length');
  if (length !== undefined && !c.req.header('transfer-encoding')) return Number(length) > MAX_BODY_BYTES ? tooLarge(c) : next();
  return bodyLimitCheck(c, next);
};
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
