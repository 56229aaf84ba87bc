import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createApiApp } from '@/lib/api';
import type { Db } from '@/lib/db';
import { completeRegistration } from '@/lib/registration';
import type { Runner } from '@/lib/transform';
import { createApiKey } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';
import { storeValidatedCredentials } from './support/validated-credentials';
import {
  createSupplier,
  entryStateHistory,
  isDone,
  isParked,
  runWorkflow,
  setupWorkspace,
  testRunner,
  waitForJobState,
} from './support/runner-fixtures';
import { startReceiver, type Receiver } from './support/webhook-receiver';

describeEachDatabase('webhooks: the registration loop end to end', (get) => {
  let db: Db;
  let runner: Runner;
  let receiver: Receiver;
  beforeAll(async () => {
    db = get().db;
    runner = testRunner(db);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await runner.stop();
    await receiver.close();
  });

  it('entry → job → signed webhook with siloEntryId → receiver reads link_url through the API → completion → registered, OK', async () => {
    const { ownerId, workflowId, webhookSecret } = await setupWorkspace(db, {
      webhook: {
        url: receiver.url,
        event: 'supplier.registration',
        token: 'receiver-token-123',
        headers: { 'X-Platform-Tenant': 'acme' },
      },
    });
    expect(webhookSecret).toMatch(/^whsec_/);
    const { token } = await createApiKey(db, ownerId);
    const api = createApiApp({ getDb: async () => db });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);

    const [delivery] = await receiver.waitFor(1);
    // What a receiver does: verify the signature over the raw body before trusting anything.
    const payload = new Webhook(webhookSecret!).verify(
      delivery!.body,
      delivery!.headers as Record<string, string>,
    ) as Record<string, unknown>;
    expect(payload).toEqual({
      id: delivery!.headers['webhook-id'],
      event: 'supplier.registration',
      transform_job_id: job.id,
      silo_entry_id: entry.id,
      siloEntryId: entry.id,
      owner_id: ownerId,
      key: null,
      args: {},
      faults: [],
    });
    expect(delivery!.headers.authorization).toBe('Bearer receiver-token-123');
    expect(delivery!.headers['x-platform-tenant']).toBe('acme');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(() =>
      new Webhook(webhookSecret!).verify(
        delivery!.body.replace('supplier.', 'other.'),
        delivery!.headers as Record<string, string>,
      ),
    ).toThrow();

    const res = await api.request(`/silo/v1/entries/${payload.siloEntryId as string}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const fetched = (await res.json()) as {
      state: string;
      meta: { src: string; key: string; link_url?: string }[];
    };
    expect(fetched.state).toBe('processing');
    const link = fetched.meta.find((m) => m.src === 'gov-ar' && m.key === 'link');
    expect(link?.link_url).toMatch(/\/reg\/[A-Za-z0-9_-]{22,}$/);

    await waitForJobState(db, ownerId, job.id, isParked);
    await storeValidatedCredentials(db, ownerId, entry.id);
    await completeRegistration(db, entry.id);
    const done = await waitForJobState(db, ownerId, job.id, isDone);
    expect(done.status).toBe('OK');
    const hook = done.intents.find((i) => i.provider === 'webhook')!;
    expect(hook.events).toEqual([
      expect.objectContaining({ status: 'RUN' }),
      expect.objectContaining({
        status: 'OK',
        attempt: 1,
        http_status: 200,
        duration_ms: expect.any(Number),
      }),
    ]);
    const after = await api.request(`/silo/v1/entries/${entry.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await after.json()) as { state: string }).state).toBe('registered');
    expect(await entryStateHistory(db, entry.id)).toEqual(['empty', 'processing', 'registered']);
    expect(receiver.received).toHaveLength(1);
  });
});
