import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { findUserByEmail } from './find-user-by-email';
import { decoyHash, verifyPassword } from './password';
import { LOCKOUT_MINUTES, MAX_FAILED_ATTEMPTS, signInInput } from './schemas';
import { newSessionToken, SESSION_TTL_MS } from './session-token';

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; userId: string; workspaceId: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; lockedUntil: Date };

/**
 * Checks the password and opens a session. After MAX_FAILED_ATTEMPTS failures in a row the
 * account is locked for LOCKOUT_MINUTES; while locked not even the right password opens it.
 */
export async function signIn(db: Db, input: { email: string; password: string }): Promise<SignInResult> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const user = await findUserByEmail(db, parsed.data.email);
  if (!user) {
    await verifyPassword(parsed.data.password, await decoyHash());
    return { ok: false, reason: 'invalid' };
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) return { ok: false, reason: 'locked', lockedUntil: user.lockedUntil };
  if (!(await verifyPassword(parsed.data.password, user.passwordHash))) return recordFailure(db, user.id);

  const { token, hash } = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.update(schema.users).set({ failedAttempts: 0, lockedUntil: null, lastSignInAt: sql`now()` }).where(eq(schema.users.id, user.id));
  await db.insert(schema.sessions).values({ tokenHash: hash, userId: user.id, workspaceId: user.workspaceId, expiresAt });
  // Expired sessions are swept here rather than by a timer: sign-ins are rare and cheap to piggyback on.
  await db.delete(schema.sessions).where(and(eq(schema.sessions.userId, user.id), sql`${schema.sessions.expiresAt} < now()`));
  return { ok: true, token, expiresAt, userId: user.id, workspaceId: user.workspaceId };
}

// One atomic update, so concurrent wrong guesses cannot slip past the limit.
async function recordFailure(db: Db, userId: string): Promise<SignInResult> {
  const [row] = await db
    .update(schema.users)
    .set({
      failedAttempts: sql`case when ${schema.users.failedAttempts} + 1 >= ${MAX_FAILED_ATTEMPTS} then 0 else ${schema.users.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${schema.users.failedAttempts} + 1 >= ${MAX_FAILED_ATTEMPTS} then now() + make_interval(mins => ${LOCKOUT_MINUTES}) else ${schema.users.lockedUntil} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(schema.users.id, userId))
    .returning({ lockedUntil: schema.users.lockedUntil });
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) return { ok: false, reason: 'locked', lockedUntil: row.lockedUntil };
  return { ok: false, reason: 'invalid' };
}
