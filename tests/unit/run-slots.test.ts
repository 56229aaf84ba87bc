import { describe, expect, it } from 'vitest';
import { createRunSlots } from '@/lib/transform/runner/run-slots';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runner slots', () => {
  it('a job that waits gives its slot back: the loop claims more, up to concurrency + waiting held', () => {
    const slots = createRunSlots(2, 3, () => {});
    expect(slots.free()).toBe(2);
    const jobs = [slots.claimed(), slots.claimed()];
    expect(slots.free()).toBe(0);
    jobs[0]!.release();
    jobs[1]!.release();
    expect(slots.free()).toBe(2);
    jobs.push(slots.claimed(), slots.claimed());
    jobs[2]!.release();
    jobs[3]!.release();
    // Four held, none working: only one more may be claimed (2 + 3 held at most).
    expect(slots.free()).toBe(1);
    jobs.push(slots.claimed());
    jobs[4]!.release();
    expect(slots.free()).toBe(0);
    expect(slots.held()).toBe(5);
    jobs[0]!.end();
    expect(slots.held()).toBe(4);
    expect(slots.free()).toBe(1);
  });

  it('a job back from a wait takes a slot before any new claim, the urgent ones first', async () => {
    const slots = createRunSlots(1, 10, () => {});
    const [a, b, c] = [slots.claimed(), slots.claimed(), slots.claimed()];
    a.release();
    b.release();
    c.release();
    const working = slots.claimed();
    const order: string[] = [];
    void a.retake().then(() => order.push('a'));
    void b.retake(true).then(() => order.push('b'));
    void c.retake().then(() => order.push('c'));
    await tick();
    expect(order).toEqual([]);
    expect(slots.free()).toBe(0);
    working.end();
    await tick();
    expect(order).toEqual(['b']);
    b.end();
    await tick();
    expect(order).toEqual(['b', 'a']);
    a.release();
    await tick();
    expect(order).toEqual(['b', 'a', 'c']);
    c.end();
    expect(slots.free()).toBe(1);
  });

  it('release and retake are idempotent, and an ended job gives nothing back twice', async () => {
    let freed = 0;
    const slots = createRunSlots(1, 0, () => (freed += 1));
    const job = slots.claimed();
    job.release();
    job.release();
    await job.retake();
    await job.retake();
    expect(slots.free()).toBe(0);
    job.end();
    job.end();
    expect(slots.free()).toBe(1);
    expect(slots.held()).toBe(0);
    expect(freed).toBeGreaterThan(0);
  });
});
