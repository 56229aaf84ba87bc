import 'server-only';
import { getEnv } from '@/lib/config';
import { schema, type Db } from '@/lib/db';
import { addMetaRecordOnce } from '@/lib/silo';
import { newRef } from './ref';

export const LINK_SRC = 'gov-ar';
export const LINK_KEY = 'link';

/**
 * The entry's registration link (meta gov-ar/link) and its registration row, created once:
 * running the step again returns the same record.
 */
export async function createRegistrationLink(db: Db, ownerId: string, entryId: string) {
  const ref = newRef();
  const linkUrl = `${getEnv().registrationUrl}/reg/${ref}`;
  // No transaction: each insert is idempotent, so a crash between them is repaired by the re-run.
  await db.insert(schema.registrations).values({ entryId, ownerId }).onConflictDoNothing();
  return addMetaRecordOnce(db, {
    ownerId,
    entryId,
    src: LINK_SRC,
    key: LINK_KEY,
    ref,
    linkUrl,
    linkScope: 'public',
    indexed: true,
    shared: true,
  });
}
