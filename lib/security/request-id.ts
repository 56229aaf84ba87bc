import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isTrustedProxy, type TrustedProxies } from './trusted-proxies';

/** The request id's header: on every answer, and in the request as it reaches the API and Next. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Short and harmless in a log line, a header or a URL; anything else is replaced.
const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id this request is known by in logs and answers. A proxy listed in TRUST_PROXY may have named
 * the request already (its X-Request-Id, when well formed, is kept so both logs match); from
 * anyone else the header is ignored, so no client can pass its request off as another one in the
 * logs. Otherwise a new UUID. Whatever was sent is replaced by the id decided here.
 */
export function acceptRequestId(req: IncomingMessage, trustedProxies: TrustedProxies): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const kept =
    typeof sent === 'string' &&
    WELL_FORMED.test(sent) &&
    isTrustedProxy(req.socket.remoteAddress ?? '', trustedProxies);
  const requestId = kept ? sent : randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  return requestId;
}
