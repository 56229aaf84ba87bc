import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { schema, type Db } from '@/lib/db';
import { hashApiToken } from './tokens';

export interface ApiPrincipal {
  keyId: string;
  workspaceId: string;
  environment: 'sandbox' | 'live';
}

// A short cache of valid keys spares one query per request in a burst; a revocation applies at once
// on the instance that made it (revokeApiKey clears the cache) and within REVOCATION_BOUND_MS on every
// other one (docs/api.md says so). Refused tokens are not cached: anyone can make up any number of
// them, and they would push valid keys out (server.ts limits failed attempts per address instead).
export const REVOCATION_BOUND_MS = 1_000;
const CACHE_MS = REVOCATION_BOUND_MS;
const CACHE_MAX = 10_000;
const LAST_USED_EVERY_MS = 60_000;
const cache = new LRUCache<string, ApiPrincipal>({ max: CACHE_MAX, ttl: CACHE_MS });
// Tokens this instance found valid lately. Never trusted to authenticate: it only lets a key through
// the per-address limit on refused keys (lib/page-cache), so others behind one NAT cannot lock it out.
const RECENTLY_VALID_MS = 10 * 60_000;
const recentlyValid = new LRUCache<string, true>({ max: CACHE_MAX, ttl: RECENTLY_VALID_MS });
// Keys whose last use was written within the minute (a key pushed out is only written again early).
const lastUsedWritten = new LRUCache<string, true>({ max: CACHE_MAX, ttl: LAST_USED_EVERY_MS });

export function forgetAuthenticatedKeys() {
  cache.clear();
}

/** Whether this instance found `token` valid within the last 10 minutes (and not refused since). */
export function wasRecentlyValid(token: string): boolean {
  return recentlyValid.has(hashApiToken(token));
}

/** The workspace a bearer token belongs to, or null for an unknown or revoked token. */
export async function authenticateApiKey(db: Db, token: string): Promise<ApiPrincipal | null> {
  const hash = hashApiToken(token);
  const hit = cache.get(hash);
  if (hit) return hit;
  const [row] = await db
    .select({
      keyId: schema.apiKeys.id,
      workspaceId: schema.apiKeys.workspaceId,
      revokedAt: schema.apiKeys.revokedAt,
      environment: schema.workspaces.environment,
    })
    .from(schema.apiKeys)
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.apiKeys.workspaceId))
    .where(eq(schema.apiKeys.hash, hash));
  const principal =
    row && !row.revokedAt
      ? { keyId: row.keyId, workspaceId: row.workspaceId, environment: row.environment }
      : null;
  if (!principal) {
    recentlyValid.delete(hash);
    return null;
  }
  cache.set(hash, principal);
  recentlyValid.set(hash, true);
  if (!lastUsedWritten.has(principal.keyId)) {
    lastUsedWritten.set(principal.keyId, true);
    await db
      .update(schema.apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(schema.apiKeys.id, principal.keyId));
  }
  return principal;
}
