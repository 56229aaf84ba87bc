import { DomainError } from '@/lib/errors';

// Opaque list cursors: the position of the last row seen and the list's direction (a cursor only
// continues a list read the same way), base64url so clients treat it as a token.

type ListOrder = 'desc' | 'asc';
const PREFIX: Record<ListOrder, string> = { desc: 's', asc: 'a' };

export function encodeCursor(seq: number, order: ListOrder = 'desc'): string {
  return Buffer.from(`${PREFIX[order]}:${seq}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined, order: ListOrder = 'desc'): number | undefined {
  if (!cursor) return undefined;
  const match = /^([sa]):(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new RangeError('invalid cursor');
  if (match[1] !== PREFIX[order]) throw new RangeError('cursor of the other order');
  return Number(match[2]);
}

/** As decodeCursor, refusing a cursor this API never returned, or one of the other order, as a validation error (422). */
export function decodeListCursor(cursor: string | undefined, order: ListOrder = 'desc'): number | undefined {
  try {
    return decodeCursor(cursor, order);
  } catch (error) {
    const otherOrder = error instanceof RangeError && error.message === 'cursor of the other order';
    if (otherOrder) throw new DomainError('validation', 'The cursor continues a list read in the other order: pass the same `ascending` as the call that returned it.', { cursor: 'cursor of a list in the other order' });
    throw new DomainError('validation', 'The cursor is not one this API returned.', { cursor: 'invalid cursor' });
  }
}
