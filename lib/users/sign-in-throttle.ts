import 'server-only';
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { clientAddressKey } from '@/lib/security';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => delay(ms) };

interface ThrottleRule {
  /** Failures in a row before attempts start to be spaced out. */
  freeFailures: number;
  /** The spacing doubles from one second with each further failure, up to this. */
  maxSpacingMs: number;
  /** No attempt waits longer than this for its turn. */
  maxWaitMs: number;
  /** Whether an attempt whose turn is further off is refused unchecked (else it waits maxWaitMs). */
  refuseBeyondMaxWait: boolean;
}

// An account's attempts are never refused, only made to wait (at most ACCOUNT_THROTTLE.maxWaitMs); the
// hard limit is per address. An address the account has signed in from before has a budget of its
// own (KNOWN_ADDRESS_THROTTLE, never refused) in place of both the account's and the address's: what
// others do at the account from elsewhere, or at other accounts from that address, never delays its owner.
export const ACCOUNT_THROTTLE: ThrottleRule = {
  freeFailures: 3,
  maxSpacingMs: 15_000,
  maxWaitMs: 15_000,
  refuseBeyondMaxWait: false,
};
export const ADDRESS_THROTTLE: ThrottleRule = {
  freeFailures: 10,
  maxSpacingMs: 15 * 60_000,
  maxWaitMs: 15_000,
  refuseBeyondMaxWait: true,
};
const KNOWN_ADDRESS_THROTTLE: ThrottleRule = ACCOUNT_THROTTLE;
/** Failures older than this are forgotten. */
const FORGET_FAILURES_MS = 15 * 60_000;
/** An address the account has not signed in from for this long is no longer known. */
const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 60 * 60_000;

function spacingMs(failures: number, rule: ThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxSpacingMs, 1000 * 2 ** (failures - rule.freeFailures));
}

interface ThrottleKeys {
  account: string;
  address: string;
  /** The account at this address: the key of a known address, and its throttle's. */
  known: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function throttleKeys(email: string, clientAddress: string): ThrottleKeys {
  const address = clientAddressKey(clientAddress);
  return {
    account: `account:${sha256(email)}`,
    address: `address:${address}`,
    known: `known:${sha256(`${email}\n${address}`)}`,
  };
}

interface Attempt {
  /** How long to wait before checking the password. */
  waitMs: number;
  /** The address is throttled beyond waiting: the attempt fails at once, unchecked. */
  refused: boolean;
  /** The keys whose turn this attempt took (and counted as a failure until it succeeds). */
  reserved: string[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
const table = schema.signInThrottles;

/**
 * Takes this attempt's turn on the account and on the address (or, from an address the account has
 * signed in from, on that known address alone): each attempt waits for the turn its keys' earlier attempts
 * left, counts as a failure at once, and pushes the next turn on by the new spacing. Concurrent
 * attempts therefore queue behind each other instead of all being checked at once.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKeys, now: number): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const known = await isKnownAddress(tx, keys.known, now);
    const rules = new Map<string, ThrottleRule>(
      known
        ? [[keys.known, KNOWN_ADDRESS_THROTTLE]]
        : [
            [keys.account, ACCOUNT_THROTTLE],
            [keys.address, ADDRESS_THROTTLE],
          ],
    );
    const rows = await lockKeys(tx, [...rules.keys()], now);
    const turns = rows.map((row) => takeTurn(row, rules.get(row.key)!, now));
    if (turns.some((turn) => turn === undefined)) return { waitMs: 0, refused: true, reserved: [] };
    for (const turn of turns)
      await tx
        .update(table)
        .set(turn!.update)
        .where(sql`${table.key} = ${turn!.key}`);
    return {
      waitMs: Math.max(...turns.map((turn) => turn!.waitMs)),
      refused: false,
      reserved: [...rules.keys()],
    };
  });
}

/**
 * Creates the keys' rows if missing and locks them, always in key order: two attempts that share
 * keys (or an attempt and a success) never wait for each other in a cycle on PostgreSQL.
 */
async function lockKeys(tx: Tx, keys: string[], now: number) {
  const sorted = [...keys].sort();
  await tx
    .insert(table)
    .values(sorted.map((key) => ({ key, nextAttemptAt: new Date(now) })))
    .onConflictDoNothing();
  return tx
    .select()
    .from(table)
    .where(inArray(table.key, sorted))
    .orderBy(asc(table.key))
    .for('update');
}

function takeTurn(row: typeof table.$inferSelect, rule: ThrottleRule, now: number) {
  const failures =
    row.lastFailureAt && row.lastFailureAt.getTime() < now - FORGET_FAILURES_MS ? 0 : row.failures;
  const queued = Math.max(row.nextAttemptAt.getTime(), now);
  if (queued - now > rule.maxWaitMs && rule.refuseBeyondMaxWait) return undefined;
  const turn = Math.min(queued, now + rule.maxWaitMs);
  const next = turn + spacingMs(failures, rule);
  return {
    key: row.key,
    waitMs: turn - now,
    update: { failures: failures + 1, nextAttemptAt: new Date(next), lastFailureAt: new Date(now) },
  };
}

async function isKnownAddress(tx: Executor, key: string, now: number): Promise<boolean> {
  const known = schema.signInKnownAddresses;
  const [row] = await tx
    .select({ key: known.key })
    .from(known)
    .where(
      and(
        sql`${known.key} = ${key}`,
        sql`${known.lastSignInAt} >= ${new Date(now - KNOWN_ADDRESS_TTL_MS)}`,
      ),
    );
  return row !== undefined;
}

/**
 * The attempt failed: it was counted when it took its turn, so only stale rows are swept here
 * (rather than by a timer, like expired sessions at sign-in). Rows another attempt holds are
 * skipped, never waited for.
 */
export async function recordFailure(db: Db, now: number): Promise<void> {
  const cutoff = new Date(now - FORGET_FAILURES_MS);
  const stale = db
    .select({ key: table.key })
    .from(table)
    .where(
      and(
        lt(table.nextAttemptAt, cutoff),
        or(isNull(table.lastFailureAt), lt(table.lastFailureAt, cutoff)),
      ),
    )
    .for('update', { skipLocked: true });
  await db.delete(table).where(inArray(table.key, stale));
  const known = schema.signInKnownAddresses;
  await db.delete(known).where(lt(known.lastSignInAt, new Date(now - KNOWN_ADDRESS_TTL_MS)));
}

/**
 * The owner got in: the account's failures and this known address's no longer count, the address
 * gets back the failure this attempt was counted as, and the address becomes known to the account.
 */
export async function recordSuccess(
  db: Db,
  keys: ThrottleKeys,
  attempt: Attempt,
  now: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKeys(tx, [keys.account, keys.address, keys.known], now);
    await tx.delete(table).where(inArray(table.key, [keys.account, keys.known]));
    if (attempt.reserved.includes(keys.address)) {
      await tx
        .update(table)
        .set({ failures: sql`greatest(${table.failures} - 1, 0)` })
        .where(sql`${table.key} = ${keys.address}`);
    }
    const known = schema.signInKnownAddresses;
    await tx
      .insert(known)
      .values({ key: keys.known, lastSignInAt: new Date(now) })
      .onConflictDoUpdate({ target: known.key, set: { lastSignInAt: new Date(now) } });
  });
}
