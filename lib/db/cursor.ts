import { DomainError } from '@/lib/errors';

// Opaque list cursors: the position of the last row seen, base64url so clients treat it as a token.

export function encodeCursor(seq: number): string {
  return Buffer.from(`s:${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  const match = /^s:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new RangeError('invalid cursor');
  return Number(match[1]);
}

/** As decodeCursor, refusing a cursor this API never returned as a validation error (422). */
export function decodeListCursor(cursor: string | undefined): number | undefined {
  try {
    return decodeCursor(cursor);
  } catch {
    throw new DomainError('validation', 'The cursor is not one this API returned.', { cursor: 'invalid cursor' });
  }
}
