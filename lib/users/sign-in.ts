import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { findUserByEmail } from './find-user-by-email';
import { decoyHash, verifyPassword } from './password';
import { signInInput } from './schemas';
import { newSessionToken, SESSION_TTL_MS } from './session-token';
import {
  realClock,
  recordFailure,
  recordSuccess,
  reserveAttempt,
  throttleKeys,
  type Clock,
} from './sign-in-throttle';

type SignInResult =
  | { ok: true; token: string; expiresAt: Date; userId: string; workspaceId: string }
  | { ok: false; reason: 'invalid' };

export interface SignInContext {
  /** The client's address as the server read it (never a header the client chose). */
  clientAddress: string;
  clock?: Clock;
}

/**
 * Checks the password and opens a session. Every failure of a checked attempt (unknown email, wrong
 * password) is the same answer after the same work: the throttle's wait, one lookup, one scrypt
 * verification. An attempt the address's throttle refuses gets that answer at once, unchecked: the
 * refusal depends on the address alone, so answering it early says nothing about the email.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string },
  { clientAddress, clock = realClock }: SignInContext,
): Promise<SignInResult> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const keys = throttleKeys(parsed.data.email, clientAddress);
  const attempt = await reserveAttempt(db, keys, clock.now());
  if (attempt.refused) return { ok: false, reason: 'invalid' };
  await clock.sleep(attempt.waitMs);

  const user = await findUserByEmail(db, parsed.data.email);
  const matches = await verifyPassword(
    parsed.data.password,
    user?.passwordHash ?? (await decoyHash()),
  );
  if (!user || !matches) {
    await recordFailure(db, clock.now());
    return { ok: false, reason: 'invalid' };
  }

  await recordSuccess(db, keys, attempt, clock.now());
  const { token, hash } = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db
    .update(schema.users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(schema.users.id, user.id));
  await db
    .insert(schema.sessions)
    .values({ tokenHash: hash, userId: user.id, workspaceId: user.workspaceId, expiresAt });
  // Expired sessions are swept here rather than by a timer: sign-ins are rare and cheap to piggyback on.
  await db
    .delete(schema.sessions)
    .where(and(eq(schema.sessions.userId, user.id), sql`${schema.sessions.expiresAt} < now()`));
  return { ok: true, token, expiresAt, userId: user.id, workspaceId: user.workspaceId };
}
