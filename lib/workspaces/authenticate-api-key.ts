import 'server-only';
import { LRUCache } from 'lru-cache';
import { runStatement, statement, type Db } from '@/lib/db';
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

// Lookups on their way to the database, by hash: a burst of requests with a key that is not cached
// (the first ones, and each time its entry expires) makes one query, not one per request. A lookup
// started before the cache was last cleared (a revocation) is neither joined nor kept.
const lookups = new Map<string, Promise<ApiPrincipal | null>>();
let generation = 0;

// Prepared statements: a lookup then costs no query building (Drizzle's is most of a one-row read's CPU).
const keyByHash = statement(
  'api_keys_by_hash',
  `select k.id as key_id, k.workspace_id, k.revoked_at is not null as revoked, w.environment
   from api_keys k join workspaces w on w.id = k.workspace_id where k.hash = $1`,
);
const markUsed = statement(
  'api_keys_mark_used',
  'update api_keys set last_used_at = now() where id = $1',
);

export function forgetAuthenticatedKeys() {
  generation++;
  cache.clear();
  lookups.clear();
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
  let lookup = lookups.get(hash);
  if (!lookup) {
    const started = generation;
    lookup = lookUp(db, hash, () => started === generation);
    lookups.set(hash, lookup);
    const done = () => {
      if (lookups.get(hash) === lookup) lookups.delete(hash);
    };
    lookup.then(done, done);
  }
  return lookup;
}

async function lookUp(db: Db, hash: string, current: () => boolean): Promise<ApiPrincipal | null> {
  const [row] = await runStatement<{
    key_id: string;
    workspace_id: string;
    revoked: boolean;
    environment: ApiPrincipal['environment'];
  }>(db, keyByHash, [hash]);
  const principal =
    row && !row.revoked
      ? { keyId: row.key_id, workspaceId: row.workspace_id, environment: row.environment }
      : null;
  if (!principal) {
    recentlyValid.delete(hash);
    return null;
  }
  if (!current()) return principal;
  cache.set(hash, principal);
  recentlyValid.set(hash, true);
  if (!lastUsedWritten.has(principal.keyId)) {
    lastUsedWritten.set(principal.keyId, true);
    await runStatement(db, markUsed, [principal.keyId]);
  }
  return principal;
}
