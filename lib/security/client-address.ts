import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isTrustedProxy, type TrustedProxies } from './trusted-proxies';

/** Set by server.ts on every request, after any value a client sent under that name is dropped. */
export const CLIENT_ADDRESS_HEADER = 'x-client-ip';

// What a proxy says about the original request; a client can write any of them itself.
const FORWARDED_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  CLIENT_ADDRESS_HEADER,
];

/**
 * The one place that decides who sent a request, and the key every per-address limit counts it
 * under (clientAddressKey). Forwarded headers count only when the connection comes from a proxy
 * listed in TRUST_PROXY: then the client is the right-most X-Forwarded-For entry that is not itself
 * one of those proxies, and the proxy's X-Forwarded-Host and -Proto stand. Otherwise (no proxy
 * configured, another peer, or an entry that is not an IP address) every forwarded header is
 * removed before anything reads it, so Next's server-action origin check compares against the real
 * Host and limits count the socket's address.
 */
export function acceptClientAddress(req: IncomingMessage, trustedProxies: TrustedProxies): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  const forwardedFor = isTrustedProxy(socketAddress, trustedProxies)
    ? forwardedClient(req.headers['x-forwarded-for'], trustedProxies)
    : undefined;
  if (!forwardedFor) for (const name of FORWARDED_HEADERS) delete req.headers[name];
  const key = clientAddressKey(forwardedFor ?? socketAddress);
  req.headers[CLIENT_ADDRESS_HEADER] = key;
  return key;
}

/**
 * The key one client is counted under: its IPv4 address, or its IPv6 /64 (one subscriber's
 * network; counting single IPv6 addresses would let anyone rotate through 2^64 of them).
 */
export function clientAddressKey(address: string): string {
  let key = knownKeys.get(address);
  if (key === undefined) {
    // Bounded: past it, start afresh rather than grow with every address ever seen.
    if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
    knownKeys.set(address, (key = addressKey(address)));
  }
  return key;
}

// Every request asks for its client's key, and a client sends many requests: parsing its address
// each time cost more than the rest of deciding who sent it.
const KNOWN_KEYS_MAX = 10_000;
const knownKeys = new Map<string, string>();

function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

function forwardedClient(
  value: string | string[] | undefined,
  trustedProxies: TrustedProxies,
): string | undefined {
  const entries = (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((entry) => withoutPort(entry.trim()));
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (!isIP(entry)) return undefined;
    if (!isTrustedProxy(entry, trustedProxies)) return entry;
  }
  return undefined;
}

/** `192.0.2.1:4711` → `192.0.2.1`, `[2001:db8::1]:4711` → `2001:db8::1`; a bare IPv6 address stays as it is. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  return ipv4WithPort ? ipv4WithPort[1]! : entry;
}
