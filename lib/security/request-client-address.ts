import { CLIENT_ADDRESS_HEADER } from './client-address';

/** The client's address key inside a page or server action (IPv4 as is, IPv6 by /64), as server.ts decided it (acceptClientAddress): what every per-address limit counts under. */
export async function requestClientAddress(): Promise<string> {
  // Loaded on use: server.ts imports this folder before Next has set up its request storage.
  const { headers } = await import('next/headers');
  return (await headers()).get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
