import 'server-only';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { RegistrationView } from './get-registration';
import { updateProgress } from './update-progress';

/**
 * The supplier drops the pending CSR and goes on with the certificate already validated: the
 * points-of-sale step opens again. Without validated credentials there is nothing to keep.
 */
export async function keepValidatedCredentials(db: Db, registration: RegistrationView): Promise<boolean> {
  if (!registration.credentials?.validatedAt) return false;
  await db.delete(schema.registrationPendingCredentials).where(eq(schema.registrationPendingCredentials.entryId, registration.entryId));
  await updateProgress(db, registration.entryId, 'points-of-sale');
  return true;
}
