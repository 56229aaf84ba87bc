import type { IncomingMessage } from 'node:http';

/** Set by server.ts on every request, after any value a client sent under that name is dropped. */
export const CLIENT_ADDRESS_HEADER = 'x-client-ip';

// What a proxy says about the original request; a client can write any of them itself.
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', CLIENT_ADDRESS_HEADER];

/**
 * The one place that decides who sent a request. Without a trusted proxy in front (TRUST_PROXY
 * unset) every forwarded header is removed before anything reads it, so Next's server-action origin
 * check compares against the real Host and limits count the socket's address. Behind one trusted
 * proxy, the address it appended last to X-Forwarded-For is the client's, and its X-Forwarded-Host
 * and -Proto stand.
 */
export function acceptClientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  const forwardedFor = trustProxy ? lastForwardedFor(req.headers['x-forwarded-for']) : undefined;
  if (!trustProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
  const address = forwardedFor ?? socketAddress;
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

function lastForwardedFor(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  const last = joined?.split(',').at(-1)?.trim();
  return last || undefined;
}
