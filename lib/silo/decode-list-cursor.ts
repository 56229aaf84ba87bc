import { decodeCursor, InvalidCursorError } from '@/lib/db';
import { DomainError } from '@/lib/errors';

/** The list verbs' cursor (silo entries, transform jobs): one they never returned, or one of the other order, is the caller's mistake. */
export function decodeListCursor(
  cursor: string | undefined,
  order: 'desc' | 'asc' = 'desc',
): number | undefined {
  try {
    return decodeCursor(cursor, order);
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    if (error.reason === 'other_order') {
      throw new DomainError({
        kind: 'invalid',
        code: 'cursor_other_order',
        detail:
          'The cursor continues a list read in the other order: pass the same `ascending` as the call that returned it.',
        fields: { cursor: 'cursor of a list in the other order' },
      });
    }
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_cursor',
      detail: 'The cursor is not one this API returned.',
      fields: { cursor: 'invalid cursor' },
    });
  }
}
