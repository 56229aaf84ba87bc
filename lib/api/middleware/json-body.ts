import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
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
  onError: (c) => tooLarge(c),
});
const tooLarge = (c: Context) => problemResponse(c, 413, `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);

/**
 * Reads a request body once, refusing more than 1 MB. Under node:http it reads the socket directly
 * and hands the text to Hono's body cache: going through the adapter's Request would build a fetch
 * Request, a stream and an AbortSignal for every call (a tenth of a create's CPU).
 */
export const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!BODY_METHODS.has(c.req.method)) return next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return bodyLimitCheck(c, next);
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) return tooLarge(c);
  const body = await readAtMost(incoming, MAX_BODY_BYTES);
  if (body === TOO_LARGE) return tooLarge(c);
  if (body === CUT_OFF) return problemResponse(c, 400, 'The request body was cut off before its end.');
  // Hono's body cache holds promises (its type says otherwise).
  (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(body);
  await next();
};
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const TOO_LARGE = Symbol('too large');
const CUT_OFF = Symbol('cut off');

function readAtMost(incoming: IncomingMessage, limit: number): Promise<string | typeof TOO_LARGE | typeof CUT_OFF> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      incoming.off('data', onData);
      // Drain the rest unread so the answer (413) can still reach the client on this connection.
      incoming.resume();
      resolve(TOO_LARGE);
    };
    incoming.on('data', onData);
    incoming.once('end', () => resolve(Buffer.concat(chunks, size).toString('utf8')));
    // A client that goes away mid-body: 'close' without 'end' (the first settle wins).
    incoming.once('close', () => resolve(CUT_OFF));
    incoming.once('error', () => resolve(CUT_OFF));
  });
}
