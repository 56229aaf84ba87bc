import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import type { Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import { createSupplier, isParked, runWorkflow, setupWorkspace, testRunner, waitForJobState } from './support/runner-fixtures';
import { startReceiver, type Receiver } from './support/webhook-receiver';

describeEachDatabase('webhooks: failed attempts, retries and redirects', (get) => {
  let db: Db;
  let runner: Runner;
  let receiver: Receiver;
  let elsewhere: Receiver;
  beforeAll(async () => {
    db = get().db;
    runner = testRunner(db);
    [receiver, elsewhere] = await Promise.all([startReceiver(), startReceiver()]);
  });
  beforeEach(() => {
    receiver.received.length = 0;
    elsewhere.received.length = 0;
  });
  afterAll(async () => {
    await runner.stop();
    await Promise.all([receiver.close(), elsewhere.close()]);
  });

  it('500 then 200: both attempts logged (ERR then OK) with attempt, HTTP status and latency; one webhook-id', async () => {
    receiver.answer = (_, index) => (index === 0 ? { status: 500, body: '{"retry_in": 0}' } : { status: 200 });
    const { ownerId, workflowId } = await setupWorkspace(db, { webhook: { url: receiver.url } });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);

    const parked = await waitForJobState(db, ownerId, job.id, isParked);
    const hook = parked.intents.find((i) => i.provider === 'webhook')!;
    expect(hook.status).toBe('OK');
    expect(hook.events).toEqual([
      expect.objectContaining({ status: 'RUN' }),
      expect.objectContaining({ status: 'ERR', attempt: 1, http_status: 500, duration_ms: expect.any(Number), message: expect.stringContaining('HTTP 500') }),
      expect.objectContaining({ status: 'RUN' }),
      expect.objectContaining({ status: 'OK', attempt: 2, http_status: 200, duration_ms: expect.any(Number) }),
    ]);
    expect(receiver.received).toHaveLength(2);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(JSON.parse(receiver.received[1]!.body).id).toBe([...ids][0]);
  });

  it('without retry_in a failed attempt waits the first backoff step (5 s)', async () => {
    receiver.answer = () => ({ status: 503 });
    const { ownerId, workflowId } = await setupWorkspace(db, { webhook: { url: receiver.url } });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const failed = await waitForJobState(db, ownerId, job.id, (j) => j.status === 'ERR');
    const err = failed.intents.find((i) => i.provider === 'webhook')!.events.at(-1)!;
    expect(err).toMatchObject({ status: 'ERR', attempt: 1, http_status: 503 });
    expect(err.message).toMatch(/next in 5 s$/);
    expect(failed.completed_at).toBeUndefined();
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(1);
  });

  it('a redirect is not followed: the attempt fails with the 3xx status and the target sees nothing', async () => {
    receiver.answer = () => ({ status: 307, headers: { location: elsewhere.url } });
    const { ownerId, workflowId } = await setupWorkspace(db, { webhook: { url: receiver.url } });
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
