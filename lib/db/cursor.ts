// Opaque list cursors: the position of the last row seen and the list's direction (a cursor only
// continues a list read the same way), base64url so clients treat it as a token.

type ListOrder = 'desc' | 'asc';
const PREFIX: Record<ListOrder, string> = { desc: 's', asc: 'a' };

/** A cursor that no list encoded (`malformed`), or one of a list read in the other direction. The list verbs say what it means to their callers. */
export class InvalidCursorError extends Error {
  constructor(readonly reason: 'malformed' | 'other_order') {
    super(reason === 'malformed' ? 'malformed cursor' : 'cursor of the other order');
    this.name = 'InvalidCursorError';
  }
}

export function encodeCursor(seq: number, order: ListOrder = 'desc'): string {
  return Buffer.from(`${PREFIX[order]}:${seq}`).toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined,
  order: ListOrder = 'desc',
): number | undefined {
  if (!cursor) return undefined;
  const match = /^([sa]):(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new InvalidCursorError('malformed');
  if (match[1] !== PREFIX[order]) throw new InvalidCursorError('other_order');
  return Number(match[2]);
}
