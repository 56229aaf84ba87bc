import 'server-only';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { hashSessionToken, isWellFormedToken } from './session-token';

/** Deletes the session; signing out twice is harmless. */
export async function signOut(db: Db, token: string | undefined): Promise<void> {
  if (!isWellFormedToken(token)) return;
  await db.delete(schema.sessions).where(eq(schema.sessions.tokenHash, hashSessionToken(token)));
}
