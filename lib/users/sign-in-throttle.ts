import 'server-only';
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';

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

// An account's attempts are never refused, only made to wait (at most ACCOUNT_THROTTLE.maxWaitMs), so
// whoever guesses at an account slows its owner down but never keeps them out; the hard limit is per address.
export const ACCOUNT_THROTTLE: ThrottleRule = { freeFailures: 3, maxSpacingMs: 15_000, maxWaitMs: 15_000, refuseBeyondMaxWait: false };
export const ADDRESS_THROTTLE: ThrottleRule = { freeFailures: 10, maxSpacingMs: 15 * 60_000, maxWaitMs: 15_000, refuseBeyondMaxWait: true };
/** Failures older than this are forgotten. */
export const FORGET_FAILURES_MS = 15 * 60_000;

export function spacingMs(failures: number, rule: ThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxSpacingMs, 1000 * 2 ** (failures - rule.freeFailures));
}

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(email: string, clientAddress: string): ThrottleKeys {
  return { account: `account:${createHash('sha256').update(email).digest('hex')}`, address: `address:${clientAddress}` };
}

export interface Attempt {
  /** How long to wait before checking the password. */
  waitMs: number;
  /** The address is throttled beyond waiting: the attempt fails whatever the password. */
  refused: boolean;
  reserved: string[];
}

/**
 * Takes this attempt's turn on the address and the account: each attempt waits for the turn its
 * key's previous attempts left, and pushes the next one further by the key's current spacing.
 * Concurrent attempts queue behind each other instead of all being checked at once.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKeys, now: number): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const address = await takeTurn(tx, keys.address, ADDRESS_THROTTLE, now);
    if (address === undefined) return { waitMs: ADDRESS_THROTTLE.maxWaitMs, refused: true, reserved: [] };
    const account = (await takeTurn(tx, keys.account, ACCOUNT_THROTTLE, now)) ?? 0;
    return { waitMs: Math.max(address, account), refused: false, reserved: [keys.address, keys.account] };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function takeTurn(tx: Tx, key: string, rule: ThrottleRule, now: number): Promise<number | undefined> {
  const table = schema.signInThrottles;
  await tx.insert(table).values({ key, nextAttemptAt: new Date(now) }).onConflictDoNothing();
  const [row] = await tx.select().from(table).where(sql`${table.key} = ${key}`).for('update');
  if (!row) return 0;
  const failures = row.lastFailureAt && row.lastFailureAt.getTime() < now - FORGET_FAILURES_MS ? 0 : row.failures;
  const queued = Math.max(row.nextAttemptAt.getTime(), now);
  if (queued - now > rule.maxWaitMs && rule.refuseBeyondMaxWait) return undefined;
  const turn = Math.min(queued, now + rule.maxWaitMs);
  const next = turn + spacingMs(failures, rule);
  await tx.update(table).set({ failures, nextAttemptAt: new Date(next) }).where(sql`${table.key} = ${key}`);
  return turn - now;
}

export async function recordFailure(db: Db, attempt: Attempt, now: number): Promise<void> {
  const table = schema.signInThrottles;
  if (attempt.reserved.length > 0) {
    await db
      .update(table)
      .set({ failures: sql`${table.failures} + 1`, lastFailureAt: new Date(now) })
      .where(inArray(table.key, attempt.reserved));
  }
  // Stale rows are swept here rather than by a timer, like expired sessions at sign-in.
  const cutoff = new Date(now - FORGET_FAILURES_MS);
  await db.delete(table).where(and(lt(table.nextAttemptAt, cutoff), or(isNull(table.lastFailureAt), lt(table.lastFailureAt, cutoff))));
}

/** The owner got in: their account's failures no longer count. The address keeps its own. */
export async function recordSuccess(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(schema.signInThrottles).where(sql`${schema.signInThrottles.key} = ${keys.account}`);
}
