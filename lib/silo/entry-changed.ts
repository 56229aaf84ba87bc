import { DomainError } from '@/lib/errors';

/** An update lost to a concurrent change of the same entry (a send, another update): 409, retry. */
export const entryChanged = () =>
  new DomainError({
    kind: 'conflict',
    code: 'entry_changed',
    detail: 'The entry changed while it was being updated: read it again and retry.',
  });
