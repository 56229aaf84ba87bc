import type { Context, MiddlewareHandler } from 'hono';
import { BODY_LIMITS, limitBody } from '@/lib/request-body';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

/** Bodies are JSON and at most 1 MB, whatever the route. */
export const jsonBodyOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const type = c.req.header('content-type') ?? '';
    const length = Number(c.req.header('content-length') ?? '0');
    if (
      (length > 0 || c.req.header('transfer-encoding')) &&
      !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)
    ) {
      return problemResponse(
        c,
        415,
        'Send the body as JSON with "Content-Type: application/json".',
      );
    }
  }
  await next();
};

const tooLarge = (c: Context<ApiEnv>) =>
  problemResponse(c, 413, `The body is larger than ${BODY_LIMITS.api / 1024 / 1024} MB.`);

/** Refuses a body over 1 MB (lib/request-body: by its Content-Length, or counted as it is read when chunked). */
export const limitApiBody: MiddlewareHandler<ApiEnv> = limitBody(BODY_LIMITS.api, tooLarge);
