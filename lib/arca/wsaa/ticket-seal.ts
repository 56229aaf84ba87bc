import 'server-only';
import { getMasterKeyring, openSecret, SealError, sealSecret, type Keyring } from '@/lib/crypto';
import type { ArcaEnvironment } from '../types';

/** Which stored ticket a sealed part belongs to: its row's key in arca_tickets. */
export interface TicketRowKey {
  environment: ArcaEnvironment;
  cuit: string;
  dn: string;
  service: string;
}

type Part = 'token' | 'sign';

// Bound to its row and part: a sealed token copied to another supplier's row (or into `sign`) does not open.
const associatedData = (row: TicketRowKey, part: Part) =>
  `arca-ticket:${row.environment}:${row.cuit}:${row.dn}:${row.service}:${part}`;

/** A ticket's token or sign as stored: sealed with the master key, like the suppliers' keys. */
export const sealTicketPart = (
  value: string,
  row: TicketRowKey,
  part: Part,
  keyring: Keyring = getMasterKeyring(),
) => sealSecret(value, keyring, associatedData(row, part));

/**
 * The token or sign of a stored ticket, or undefined when no configured master key opens it. Rows
 * written before tickets were sealed are read as they are, until `master-key:reseal` seals them.
 */
export function openTicketPart(
  stored: string,
  row: TicketRowKey,
  part: Part,
  keyring: Keyring = getMasterKeyring(),
): string | undefined {
  if (!isSealed(stored)) return stored;
  try {
    return openSecret(stored, keyring, associatedData(row, part)).toString('utf8');
  } catch (error) {
    if (error instanceof SealError) return undefined;
    throw error;
  }
}

export const isSealed = (stored: string) => /^s1\.\d+\./.test(stored);
