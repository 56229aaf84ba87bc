import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { hashSessionToken, isWellFormedToken } from './session-token';

export interface Operator {
  sessionId: string;
  userId: string;
  email: string;
  workspaceId: string;
  workspaceName: string;
  environment: 'sandbox' | 'live';
  expiresAt: Date;
}

/**
 * The operator behind a session cookie, or null when the token is unknown, expired, or its
 * workspace no longer matches the user's (a moved user loses every old session).
 */
export async function getSession(db: Db, token: string | undefined): Promise<Operator | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      sessionId: schema.sessions.id,
      userId: schema.users.id,
      email: schema.users.email,
      workspaceId: schema.workspaces.id,
      workspaceName: schema.workspaces.name,
      environment: schema.workspaces.environment,
      expiresAt: schema.sessions.expiresAt,
    })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .innerJoin(
      schema.workspaces,
      and(
        eq(schema.workspaces.id, schema.sessions.workspaceId),
        eq(schema.workspaces.id, schema.users.workspaceId),
      ),
    )
    .where(
      and(
        eq(schema.sessions.tokenHash, hashSessionToken(token)),
        sql`${schema.sessions.expiresAt} > now()`,
      ),
    );
  return row ?? null;
}
