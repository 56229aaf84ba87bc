import type { Context, MiddlewareHandler } from 'hono';
import { BODY_LIMITS, limitBody } from '@/lib/request-body';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

/** Bodies are JSON, whatever the route: any other body is answered 415. */
export function refuseNonJsonBody(c: Context<ApiEnv>): Response | undefined {
  const method = c.req.method;
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return undefined;
  const type = c.req.header('content-type') ?? '';
  const length = Number(c.req.header('content-length') ?? '0');
  if (
    (length > 0 || c.req.header('transfer-encoding')) &&
    !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)
  )
    return problemResponse(c, 415, 'Send the body as JSON with "Content-Type: application/json".');
  return undefined;
}

const tooLarge = (limit: number, what: string) => (c: Context<ApiEnv>) =>
  problemResponse(c, 413, `The body is larger than ${limit / 1024 / 1024} MB${what}.`);

const limitJson = limitBody(BODY_LIMITS.api, tooLarge(BODY_LIMITS.api, ''));
const limitFile = limitBody(
  BODY_LIMITS.apiFile,
  tooLarge(BODY_LIMITS.apiFile, ' (a file is at most 10 MiB; base64 makes it a third larger)'),
);
// Only the file uploads carry a file: every other body keeps the 1 MB cap.
const FILE_UPLOAD = /^\/silo\/v1\/entries\/[^/]+\/files(?:\/[^/]+)?\/?$/;

/**
 * Refuses a body over 1 MB, or 14 MB on a file upload (lib/request-body: by its Content-Length, or
 * counted as it is read when chunked).
 */
export const limitApiBody: MiddlewareHandler<ApiEnv> = (c, next) =>
  (FILE_UPLOAD.test(c.req.path) ? limitFile : limitJson)(c, next);
