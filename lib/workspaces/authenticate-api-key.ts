import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { hashApiToken } from './tokens';

export interface ApiPrincipal {
  keyId: string;
  workspaceId: string;
  environment: 'sandbox' | 'live';
}

// A short cache of valid keys spares one query per request; a revocation on another instance
// applies within CACHE_MS. Refused tokens are not cached: anyone can make up any number of them,
// and they would push valid keys out (server.ts limits failed attempts per address instead).
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
const LAST_USED_EVERY_MS = 60_000;
const cache = new Map<string, { principal: ApiPrincipal; until: number }>();
const lastUsedWritten = new Map<string, number>();

export function forgetAuthenticatedKeys() {
  cache.clear();
}

/** The workspace a bearer token belongs to, or null for an unknown or revoked token. */
export async function authenticateApiKey(db: Db, token: string): Promise<ApiPrincipal | null> {
  const hash = hashApiToken(token);
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.principal;
  const [row] = await db
    .select({ keyId: schema.apiKeys.id, workspaceId: schema.apiKeys.workspaceId, revokedAt: schema.apiKeys.revokedAt, environment: schema.workspaces.environment })
    .from(schema.apiKeys)
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.apiKeys.workspaceId))
    .where(eq(schema.apiKeys.hash, hash));
  const principal = row && !row.revokedAt ? { keyId: row.keyId, workspaceId: row.workspaceId, environment: row.environment } : null;
  if (!principal) return null;
  cache.delete(hash);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(hash, { principal, until: now + CACHE_MS });
  if ((lastUsedWritten.get(principal.keyId) ?? 0) < now - LAST_USED_EVERY_MS) {
    lastUsedWritten.set(principal.keyId, now);
    await db.update(schema.apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(schema.apiKeys.id, principal.keyId));
  }
  return principal;
}
