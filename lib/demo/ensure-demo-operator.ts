import 'server-only';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { createUser, DEMO_OPERATOR_EMAIL, generatePassword, hashPassword } from '@/lib/users';

/** The demo's console account: made once, with a fresh password at every start (shown on the console). */
export async function ensureDemoConsoleUser(db: Db, workspaceId: string): Promise<{ email: string; password: string }> {
  const [existing] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, DEMO_OPERATOR_EMAIL));
  if (!existing) {
    const { user, password } = await createUser(db, { workspaceId, email: DEMO_OPERATOR_EMAIL });
    return { email: user.email, password };
  }
  const password = generatePassword();
  await db
    .update(schema.users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(schema.users.id, existing.id));
  return { email: DEMO_OPERATOR_EMAIL, password };
}
