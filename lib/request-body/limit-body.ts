import type { IncomingHttpHeaders } from 'node:http';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_ACTION_BODY_BYTES } from '@/lib/limits';

/** The largest request body each part of the app reads. */
export const BODY_LIMITS = {
  /** The JSON API (`/utils`, `/silo`, `/transform`). */
  api: 1024 * 1024,
  /** An entry's file upload (`POST`/`PUT /silo/v1/entries/{id}/files…`): base64 of a 10 MiB file is 13.3 MiB. */
  apiFile: 14 * 1024 * 1024,
  /** Server actions (the wizard's forms): next.config.mjs reads the same number from lib/limits. */
  action: MAX_ACTION_BODY_BYTES,
  /** The simulated ARCA's SOAP endpoints. */
  simulator: 256 * 1024,
} as const;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * What a request's headers tell of its body against a cap: `over` or `within` by its Content-Length,
 * `unknown` for a chunked body (only reading it tells), `none` for a method that carries none.
 */
export function declaredBodySize(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  maxBytes: number,
): 'over' | 'within' | 'unknown' | 'none' {
  if (!BODY_METHODS.has(method ?? '')) return 'none';
  const length = headers['content-length'];
  if (length === undefined || headers['transfer-encoding'] !== undefined) return 'unknown';
  return Number(length) > maxBytes ? 'over' : 'within';
}

/**
 * The request-body cap of every Hono app here (API and simulated ARCA). A body with a Content-Length
 * is checked by its header and read later by whoever needs it (Node stops at that length; under
 * node:http the adapter then reads the socket without building a fetch Request); a chunked one is
 * read and counted by Hono's bodyLimit, which answers `tooLarge` past the cap.
 */
export function limitBody<E extends Env>(
  maxBytes: number,
  tooLarge: (c: Context<E>) => Response | Promise<Response>,
): MiddlewareHandler<E> {
  const counted = bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c as Context<E>) });
  return async (c, next) => {
    // Most requests carry no body: no header to read then.
    if (!BODY_METHODS.has(c.req.method)) return next();
    const declared = declaredBodySize(
      c.req.method,
      {
        'content-length': c.req.header('content-length'),
        'transfer-encoding': c.req.header('transfer-encoding'),
      },
      maxBytes,
    );
    if (declared === 'none' || declared === 'within') return next();
    if (declared === 'over') return tooLarge(c);
    return counted(c, next);
  };
}
