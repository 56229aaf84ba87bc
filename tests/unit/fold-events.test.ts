import { describe, expect, it } from 'vitest';
import { appendEvents, MAX_INTENT_EVENTS } from '@/lib/transform/runner/fold-events';
import type { JobEvent } from '@/lib/transform';

/** The two events the runner records for one webhook attempt. */
function attempt(n: number, outcome: Partial<JobEvent> = {}): JobEvent[] {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return [
    { status: 'RUN', at },
    {
      status: 'ERR',
      at,
      attempt: n,
      http_status: 500,
      duration_ms: 3,
      message: `attempt ${n} failed: HTTP 500; next in 5 s`,
      ...outcome,
    },
  ];
}

function run(count: number, last?: Partial<JobEvent>): JobEvent[] {
  let events: JobEvent[] = [];
  for (let n = 1; n <= count; n++)
    events = appendEvents(events, attempt(n, n === count ? last : {}));
  return events;
}

describe('appendEvents', () => {
  it('keeps every event while the intent is short', () => {
    expect(run(4)).toEqual([1, 2, 3, 4].flatMap((n) => attempt(n)));
  });

  it('after 40 attempts: the first attempt, one event for attempts 2–37, the last three in full', () => {
    const events = run(40);
    expect(events).toHaveLength(MAX_INTENT_EVENTS);
    expect(events.slice(0, 2)).toEqual(attempt(1));
    expect(events[2]).toEqual({
      status: 'ERR',
      at: attempt(37)[1]!.at,
      attempt: 37,
      http_status: 500,
      runs: 36,
      message: 'attempts 2–37 failed; the last: attempt 37 failed: HTTP 500; next in 5 s',
    });
    expect(events.slice(3)).toEqual([38, 39, 40].flatMap((n) => attempt(n)));
    const long = run(400);
    expect(long).toHaveLength(MAX_INTENT_EVENTS);
    expect(long[2]).toMatchObject({
      runs: 396,
      attempt: 397,
      message: expect.stringMatching(/^attempts 2–397 failed; /),
    });
    expect(JSON.stringify(long).length).toBeLessThan(2_000);
  });

  it('the success that ends the retries stays in full; a mixed fold says "ran"', () => {
    const events = run(12, { status: 'OK', message: 'delivered (HTTP 200)', http_status: 200 });
    expect(events.at(-1)).toMatchObject({ status: 'OK', attempt: 12 });
    const withQueued = [10, 11, 12].reduce(
      (events, n) => appendEvents(events, attempt(n)),
      appendEvents(run(8), attempt(9, { status: 'QUEUED', message: 'waiting' })),
    );
    expect(withQueued[2]).toMatchObject({
      runs: 8,
      message: expect.stringMatching(/^attempts 2–9 ran; the last: waiting$/),
    });
  });
});
