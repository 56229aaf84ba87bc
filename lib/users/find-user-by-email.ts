import 'server-only';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';

/** Emails are stored trimmed and lower-cased; lookups normalise the same way. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()));
  return row;
}
