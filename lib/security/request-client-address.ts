import { CLIENT_ADDRESS_HEADER } from './client-address';

/** The client's address inside a page or server action, as server.ts decided it (acceptClientAddress). */
export async function requestClientAddress(): Promise<string> {
  // Loaded on use: server.ts imports this folder before Next has set up its request storage.
  const { headers } = await import('next/headers');
  return (await headers()).get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
