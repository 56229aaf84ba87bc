import ipaddr from 'ipaddr.js';

/** The reverse proxies whose forwarded headers count (TRUST_PROXY): addresses or CIDR ranges. */
export type TrustedProxies = readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];

/**
 * Parses TRUST_PROXY: a comma-separated list of the proxies' addresses or CIDR ranges
 * (`127.0.0.1`, `10.0.0.0/8`, `::1`). Throws with the entry that is neither.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry))
        throw new Error(`"${entry}" is not an IP address or CIDR range`);
      return ipaddr.parseCIDR(entry);
    }
    if (!ipaddr.isValid(entry)) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128] as const;
  });
}

/** Whether `address` (as a socket reports it: IPv4-mapped IPv6 counts as IPv4) is one of the proxies. */
export function isTrustedProxy(address: string, proxies: TrustedProxies): boolean {
  if (proxies.length === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return proxies.some(
    ([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits),
  );
}
