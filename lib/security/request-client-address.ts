import { headers } from 'next/headers';
import { CLIENT_ADDRESS_HEADER } from './client-address';

/** The client's address inside a page or server action, as server.ts decided it (acceptClientAddress). */
export async function requestClientAddress(): Promise<string> {
  return (await headers()).get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
