/** The services and the versions each one serves; anything else under a service is a 404 that says so. */
export const SERVICE_VERSIONS = { utils: ['v1'], silo: ['v1'], transform: ['v1'] } as const;

export function unsupportedVersion(pathname: string): string | undefined {
  const match = /^\/(utils|silo|transform)\/([^/]+)/.exec(pathname);
  if (!match) return undefined;
  const service = match[1] as keyof typeof SERVICE_VERSIONS;
  const versions: readonly string[] = SERVICE_VERSIONS[service];
  if (versions.includes(match[2]!)) return undefined;
  return `Version "${match[2]}" of ${service} does not exist. Supported: ${versions.join(', ')} (e.g. /${service}/${versions[versions.length - 1]}/…).`;
}
