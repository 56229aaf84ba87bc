import 'server-only';
import { getEnv } from '@/lib/config';
import { schema, type Db } from '@/lib/db';
import { addMetaRecordOnce, putMetaRecord } from '@/lib/silo';
import { newRef } from './ref';

export const LINK_SRC = 'gov-ar';
export const LINK_KEY = 'link';

/**
 * The entry's registration link (meta gov-ar/link) and its registration row, created once:
 * running the step again returns the same record. For a renewal the same link is used and its
 * value says so (`renewal: true`), for the API and the webhook's receiver.
 */
export async function createRegistrationLink(
  db: Db,
  ownerId: string,
  entryId: string,
  options: { renewal?: boolean } = {},
) {
  const ref = newRef();
  const linkUrl = `${getEnv().registrationUrl}/reg/${ref}`;
  // No transaction: each insert is idempotent, so a crash between them is repaired by the re-run.
  await db.insert(schema.registrations).values({ entryId, ownerId }).onConflictDoNothing();
  const link = await addMetaRecordOnce(db, {
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
  if (!options.renewal) return link;
  const value = { renewal: true };
  await setLinkValue(db, { ownerId, entryId }, value);
  return { ...link, value };
}

/** Replaces the value of the entry's link record (it exists: the registration was made through it). */
export async function setLinkValue(
  db: Db,
  entry: { ownerId: string; entryId: string },
  value: Record<string, unknown>,
) {
  await putMetaRecord(db, {
    ownerId: entry.ownerId,
    entryId: entry.entryId,
    src: LINK_SRC,
    key: LINK_KEY,
    value,
  });
}
