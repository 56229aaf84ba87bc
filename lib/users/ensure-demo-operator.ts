import 'server-only';
import { schema, type Db } from '@/lib/db';
import { createUser } from './create-user';

export const DEMO_OPERATOR_EMAIL = 'demo@example.com';

/**
 * For the embedded demo: creates demo@example.com in the workspace the first time, when no
 * operator exists yet, and returns its credentials; afterwards returns null (the password is
 * never stored in clear, so it can only be shown once).
 */
export async function ensureDemoOperator(db: Db, workspaceId: string): Promise<{ email: string; password: string } | null> {
  const [any] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  if (any) return null;
  const { user, password } = await createUser(db, { workspaceId, email: DEMO_OPERATOR_EMAIL });
  return { email: user.email, password };
}
