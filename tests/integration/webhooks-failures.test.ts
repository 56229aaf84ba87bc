import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/db';
import { MAX_INTENT_EVENTS } from '@/lib/transform/runner/fold-events';
import type { Job, Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  createSupplier,
  isParked,
  NO_ANSWER_MESSAGE,
  runWorkflow,
  testRunner,
  waitForJobState,
  trackedWorkspaces,
} from './support/runner-fixtures';
import { startReceiver, type Receiver } from './support/webhook-receiver';

describeEachDatabase('webhooks: failed attempts, retries and redirects', (get) => {
  let db: Db;
  let runner: Runner;
  let receiver: Receiver;
  let elsewhere: Receiver;
  beforeAll(() => {
    db = get().db;
    runner = testRunner(db);
  });
  // A receiver per test: jobs of earlier tests keep retrying, and must not reach this test's receiver.
  beforeEach(async () => {
    [receiver, elsewhere] = await Promise.all([startReceiver(), startReceiver()]);
  });
  afterEach(async () => {
    await Promise.all([receiver.close(), elsewhere.close()]);
  });
  const { setup, retire } = trackedWorkspaces(() => db);
  afterAll(async () => {
    await retire();
    await runner.stop();
  });

  it('retry_in: 0 is held at the first wait (5 s): one delivery, the next attempt due 5 s later', async () => {
    receiver.answer = () => ({ status: 500, body: '{"retry_in": 0}' });
    const { ownerId, workflowId } = await setup({ webhook: { url: receiver.url } });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const failed = await waitForJobState(db, ownerId, job.id, (j) => j.status === 'ERR');
    const err = failed.intents.find((i) => i.provider === 'webhook')!.events.at(-1)!;
    expect(err).toMatchObject({
      status: 'ERR',
      attempt: 1,
      message: expect.stringMatching(/next in 5 s$/),
    });
    const [row] = await db
      .select({ runAfter: schema.jobs.runAfter })
      .from(schema.jobs)
      .where(eq(schema.jobs.id, job.id));
    expect(row!.runAfter.getTime() - Date.parse(err.at)).toBeGreaterThanOrEqual(4_990);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received).toHaveLength(1);
    const [first, second] = await receiver.waitFor(2, 10_000);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(4_900);
  });

  it('40 failed attempts: the job keeps the first attempt, one event for attempts 2–37 and the last three', async () => {
    receiver.answer = () => ({ status: 500, body: '{"retry_in": 0}' });
    const { ownerId, workflowId } = await setup({ webhook: { url: receiver.url } });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const attempts = 40;
    const lastAttempt = (j: Job) =>
      j.intents.find((i) => i.provider === 'webhook')?.events.at(-1)?.attempt;
    for (let n = 1; n <= attempts; n++) {
      await waitForJobState(db, ownerId, job.id, (j) => j.status === 'ERR' && lastAttempt(j) === n);
      // Each wait passes at once: the test plays the clock forward instead of waiting 5 s.
      if (n < attempts)
        await db
          .update(schema.jobs)
          .set({ runAfter: new Date() })
          .where(eq(schema.jobs.id, job.id));
    }
    const after = await waitForJobState(db, ownerId, job.id, (j) => lastAttempt(j) === attempts);
    expect(receiver.received).toHaveLength(attempts);
    const events = after.intents.find((i) => i.provider === 'webhook')!.events;
    expect(events).toHaveLength(MAX_INTENT_EVENTS);
    expect(events[0]).toMatchObject({ status: 'RUN' });
    expect(events[1]).toMatchObject({ status: 'ERR', attempt: 1 });
    expect(events[2]).toMatchObject({
      status: 'ERR',
      runs: 36,
      attempt: 37,
      http_status: 500,
      message: 'attempts 2–37 failed; the last: attempt 37 failed: HTTP 500; next in 5 s',
    });
    expect(
      events
        .slice(3)
        .filter((e) => e.status === 'ERR')
        .map((e) => e.attempt),
    ).toEqual([38, 39, 40]);
    expect(JSON.stringify(after).length).toBeLessThan(8_000);
  });

  it('a destination that does not answer reads one generic message, no latency', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { ownerId, workflowId } = await setup({
      webhook: { url: `http://127.0.0.1:${port}/hooks` },
    });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const failed = await waitForJobState(db, ownerId, job.id, (j) => j.status === 'ERR');
    const err = failed.intents.find((i) => i.provider === 'webhook')!.events.at(-1)!;
    expect(err).toEqual({
      status: 'ERR',
      at: expect.any(String),
      attempt: 1,
      message: NO_ANSWER_MESSAGE,
    });
  });

  it('an attempt with no HTTP answer stamps its events with one time: how long the destination took is not readable', async () => {
    // Accepts the connection, then drops it without a word after a while, as a filtered or non-HTTP port would.
    const silent = net.createServer((socket) => void setTimeout(() => socket.destroy(), 150));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const { ownerId, workflowId } = await setup({
        webhook: { url: `http://127.0.0.1:${port}/hooks` },
      });
      const entry = await createSupplier(db, ownerId);
      const job = await runWorkflow(db, ownerId, workflowId, entry.id);
      const failed = await waitForJobState(db, ownerId, job.id, (j) => j.status === 'ERR');
      const [run, err] = failed.intents.find((i) => i.provider === 'webhook')!.events;
      expect(err).toMatchObject({ status: 'ERR', message: NO_ANSWER_MESSAGE });
      expect(run).toMatchObject({ status: 'RUN', at: err!.at });
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('500 then 200: both attempts logged (ERR then OK) with attempt, HTTP status and latency; one webhook-id', async () => {
    receiver.answer = (_, index) =>
      index === 0 ? { status: 500, body: '{"retry_in": 0}' } : { status: 200 };
    const { ownerId, workflowId } = await setup({ webhook: { url: receiver.url } });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);

    const parked = await waitForJobState(db, ownerId, job.id, isParked);
    const hook = parked.intents.find((i) => i.provider === 'webhook')!;
    expect(hook.status).toBe('OK');
    expect(hook.events).toEqual([
      expect.objectContaining({ status: 'RUN' }),
      expect.objectContaining({
        status: 'ERR',
        attempt: 1,
        http_status: 500,
        duration_ms: expect.any(Number),
        message: expect.stringContaining('HTTP 500'),
      }),
      expect.objectContaining({ status: 'RUN' }),
      expect.objectContaining({
        status: 'OK',
        attempt: 2,
        http_status: 200,
        duration_ms: expect.any(Number),
      }),
    ]);
    expect(receiver.received).toHaveLength(2);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(JSON.parse(receiver.received[1]!.body).id).toBe([...ids][0]);
  });

  it('without retry_in a failed attempt waits the first backoff step (5 s)', async () => {
    receiver.answer = () => ({ status: 503 });
    const { ownerId, workflowId } = await setup({ webhook: { url: receiver.url } });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const failed = await waitForJobState(db, ownerId, job.id, (j) => j.status === 'ERR');
    const err = failed.intents.find((i) => i.provider === 'webhook')!.events.at(-1)!;
    expect(err).toMatchObject({ status: 'ERR', attempt: 1, http_status: 503 });
    expect(err.message).toMatch(/next in 5 s$/);
    expect(failed.completedAt).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(1);
  });

  it('a redirect is not followed: the attempt fails with the 3xx status and the target sees nothing', async () => {
    receiver.answer = () => ({ status: 307, headers: { location: elsewhere.url } });
    const { ownerId, workflowId } = await setup({ webhook: { url: receiver.url } });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const failed = await waitForJobState(db, ownerId, job.id, (j) => j.status === 'ERR');
    expect(failed.intents.find((i) => i.provider === 'webhook')!.events.at(-1)).toMatchObject({
      status: 'ERR',
      http_status: 307,
      message: expect.stringContaining('redirects are not followed'),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });
});
