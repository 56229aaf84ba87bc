import 'server-only';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { createUser, generatePassword, hashPassword, verifyPassword } from '@/lib/users';

const DEMO_OPERATOR_EMAIL = 'demo@example.com';

/**
 * The demo's console account, made once. `known` is the password shown at an earlier start: it
 * stays while it still signs in, so what a newcomer copied keeps working across restarts.
 */
export async function ensureDemoConsoleUser(
  db: Db,
  workspaceId: string,
  known?: string,
): Promise<{ email: string; password: string }> {
  const [existing] = await db
    .select({ id: schema.users.id, passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_OPERATOR_EMAIL));
  if (!existing) {
    const { user, password } = await createUser(db, {
      workspaceId,
      email: DEMO_OPERATOR_EMAIL,
      password: known,
    });
    return { email: user.email, password };
  }
  if (known && (await verifyPassword(known, existing.passwordHash)))
    return { email: DEMO_OPERATOR_EMAIL, password: known };
  const password = generatePassword();
  await db
    .update(schema.users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(schema.users.id, existing.id));
  return { email: DEMO_OPERATOR_EMAIL, password };
}
