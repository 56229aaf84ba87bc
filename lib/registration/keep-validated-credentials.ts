import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { updateProgress } from './update-progress';

/**
 * The supplier drops the pending CSR and goes on with the certificate already validated: the
 * points-of-sale step opens again. Without validated credentials there is nothing to keep.
 */
export async function keepValidatedCredentials(db: Db, entryId: string): Promise<boolean> {
  const credentials = schema.registrationCredentials;
  const [validated] = await db
    .select({ entryId: credentials.entryId })
    .from(credentials)
    .where(and(eq(credentials.entryId, entryId), isNotNull(credentials.validatedAt)));
  if (!validated) return false;
  await db
    .delete(schema.registrationPendingCredentials)
    .where(eq(schema.registrationPendingCredentials.entryId, entryId));
  await updateProgress(db, entryId, 'points-of-sale');
  return true;
}
