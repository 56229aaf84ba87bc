import { promises as dns, type LookupAddress } from 'node:dns';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

// ipaddr.js names every range of IANA's IPv4 and IPv6 Special-Purpose Address Registries inside
// 2000::/3, and range() answers 'unicast' only outside them. IANA's IPv6 Address Space registry
// allocates nothing else for global unicast: the rest is reserved, unique-local, link-local,
// multicast or special-purpose (including ranges ipaddr.js does not name, such as 100:0:0:1::/64).
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * True when a webhook must not connect to `address`: anything but a public unicast address, and
 * this host's own addresses (a public one reaches the app itself). An IPv4-mapped IPv6 address is
 * judged by the IPv4 address inside it; 6to4, Teredo and NAT64 prefixes are special-purpose ranges
 * and refused whole, whatever IPv4 address they embed.
 */
export function isRefusedDestination(
  address: string,
  ownAddresses: ReadonlySet<string> = hostAddresses(),
): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return true;
  if (parsed.range() !== 'unicast') return true;
  if (parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST_V6)) return true;
  return ownAddresses.has(parsed.toNormalizedString());
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}

/** This host's interface addresses, read at each check: interfaces come and go. */
function hostAddresses(): Set<string> {
  const own = new Set<string>();
  for (const nics of Object.values(networkInterfaces())) {
    for (const nic of nics ?? []) {
      const parsed = parseAddress(nic.address);
      if (parsed) own.add(parsed.toNormalizedString());
    }
  }
  return own;
}

export class BlockedDestinationError extends Error {
  override name = 'BlockedDestinationError';
}

/** Resolves a host name to every address; tests inject one so that nothing leaves loopback. */
export type Resolver = (
  hostname: string,
  options: { family?: number; hints?: number },
) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname, options) =>
  dns.lookup(hostname, { family: options.family ?? 0, hints: options.hints, all: true });

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for http.request that refuses destinations `isRefusedDestination` names. The socket
 * connects to the very address checked here, so a DNS answer cannot change between the check and
 * the connection.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver) {
  return (
    hostname: string,
    options: { family?: number; hints?: number; all?: boolean },
    callback: LookupCallback,
  ) => {
    resolve(hostname, options).then(
      (list) => {
        const own = allowPrivate ? undefined : hostAddresses();
        const refused = own && list.find((a) => isRefusedDestination(a.address, own));
        if (refused)
          return callback(
            new BlockedDestinationError(
              `${hostname} resolves to a refused address (${refused.address})`,
            ),
            [],
          );
        if (list.length === 0)
          return callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            [],
          );
        if (options.all) return callback(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
