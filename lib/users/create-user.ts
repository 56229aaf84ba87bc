import 'server-only';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { getWorkspace } from '@/lib/workspaces';
import { generatePassword, hashPassword } from './password';
import { createUserInput } from './schemas';

/** Creates an operator; without a password one is generated. The password is returned this once. */
export async function createUser(
  db: Db,
  input: { workspaceId: string; email: string; password?: string },
) {
  const parsed = createUserInput.safeParse(input);
  if (!parsed.success)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_user',
      detail: 'The user has invalid fields.',
      fields: Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])),
    });
  const { workspaceId, email } = parsed.data;
  if (!(await getWorkspace(db, workspaceId)))
    throw new DomainError({
      kind: 'not_found',
      code: 'workspace_not_found',
      detail: `No workspace ${workspaceId}.`,
    });
  const password = parsed.data.password ?? generatePassword();
  const rows = await db
    .insert(schema.users)
    .values({ workspaceId, email, passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: schema.users.email })
    .returning({ id: schema.users.id });
  if (rows.length === 0)
    throw new DomainError({
      kind: 'conflict',
      code: 'user_exists',
      detail: `A user with email ${email} already exists.`,
      fields: { email: 'already exists' },
    });
  return { user: { id: rows[0]!.id, workspace_id: workspaceId, email }, password };
}
