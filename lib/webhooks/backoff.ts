// 5 s doubling to 1,280 s, then every 30 minutes, for up to 12 hours after the first attempt.
const FIRST_MS = 5_000;
const LAST_DOUBLING_MS = 1_280_000;
const STEADY_MS = 30 * 60_000;
export const GIVE_UP_AFTER_MS = 12 * 60 * 60_000;

/**
 * Milliseconds before attempt `failedAttempts + 1`, or undefined when it is time to give up. A
 * receiver's `retry_in` replaces the schedule's wait, held between the schedule's first and longest
 * waits: `retry_in: 0` must not turn retries into a busy loop.
 */
export function nextRetryDelay(
  failedAttempts: number,
  firstAttemptAt: number,
  now: number,
  retryInSeconds?: number,
): number | undefined {
  const doubling = FIRST_MS * 2 ** (failedAttempts - 1);
  const delay =
    retryInSeconds !== undefined
      ? Math.min(Math.max(retryInSeconds * 1000, FIRST_MS), STEADY_MS)
      : doubling <= LAST_DOUBLING_MS
        ? doubling
        : STEADY_MS;
  return now + delay - firstAttemptAt > GIVE_UP_AFTER_MS ? undefined : delay;
}
