import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdmissionGate, type Refusal } from '@/lib/server/admission-gate';

/** One request at the gate: what happened to it so far. */
function arrive(gate: ReturnType<typeof createAdmissionGate>, log: string[], name: string) {
  return gate.enter(
    () => log.push(`${name} in`),
    (reason: Refusal) => log.push(`${name} refused: ${reason}`),
  );
}

describe('createAdmissionGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('admits up to its slots, queues first come first served, and refuses past the queue at once', () => {
    const gate = createAdmissionGate({ inFlight: 2, queue: 2, maxWaitMs: 1_000 });
    const log: string[] = [];
    const [a, b] = [arrive(gate, log, 'a'), arrive(gate, log, 'b')];
    arrive(gate, log, 'c');
    arrive(gate, log, 'd');
    arrive(gate, log, 'e');
    expect(log).toEqual(['a in', 'b in', 'e refused: queue_full']);
    expect([gate.inFlight, gate.queued]).toEqual([2, 2]);
    b.leave();
    expect(log.slice(3)).toEqual(['c in']);
    a.leave();
    expect(log.slice(4)).toEqual(['d in']);
    expect([gate.inFlight, gate.queued]).toEqual([2, 0]);
  });

  it('refuses a request that waited longer than the wait allows, and takes it out of the queue', () => {
    const gate = createAdmissionGate({ inFlight: 1, queue: 5, maxWaitMs: 1_000 });
    const log: string[] = [];
    const a = arrive(gate, log, 'a');
    arrive(gate, log, 'b');
    vi.advanceTimersByTime(999);
    expect(log).toEqual(['a in']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['a in', 'b refused: waited_too_long']);
    expect(gate.queued).toBe(0);
    a.leave();
    expect([gate.inFlight, gate.queued]).toEqual([0, 0]);
  });

  it('frees a slot once however often it is left, and a request that leaves the queue is never admitted', () => {
    const gate = createAdmissionGate({ inFlight: 1, queue: 5, maxWaitMs: 1_000 });
    const log: string[] = [];
    const a = arrive(gate, log, 'a');
    const b = arrive(gate, log, 'b');
    arrive(gate, log, 'c');
    b.leave(); // b's client went away while it waited
    a.leave();
    a.leave();
    expect(log).toEqual(['a in', 'c in']);
    expect([gate.inFlight, gate.queued]).toEqual([1, 0]);
    vi.advanceTimersByTime(5_000);
    expect(log).toEqual(['a in', 'c in']);
  });

  it('lets a new request behind those already waiting, never ahead of them', () => {
    const gate = createAdmissionGate({ inFlight: 1, queue: 5, maxWaitMs: 1_000 });
    const log: string[] = [];
    const a = arrive(gate, log, 'a');
    const b = arrive(gate, log, 'b');
    a.leave();
    b.leave();
    // The slot is free and nobody waits: the next one goes straight in.
    arrive(gate, log, 'c');
    expect(log).toEqual(['a in', 'b in', 'c in']);
  });

  it('with no queue, refuses whatever finds every slot taken', () => {
    const gate = createAdmissionGate({ inFlight: 1, queue: 0, maxWaitMs: 1_000 });
    const log: string[] = [];
    arrive(gate, log, 'a');
    arrive(gate, log, 'b');
    expect(log).toEqual(['a in', 'b refused: queue_full']);
  });
});
