import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import type { Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  createSupplier,
  runWorkflow,
  testRunner,
  waitForJobState,
  trackedWorkspaces,
} from './support/runner-fixtures';
import { startReceiver, type Receiver } from './support/webhook-receiver';

// As in production: read once, on the first getEnv() of this file's module graph (after this line).
const allowPrivateBefore = process.env.WEBHOOK_ALLOW_PRIVATE;
process.env.WEBHOOK_ALLOW_PRIVATE = 'false';

describeEachDatabase('webhooks: refused destinations', (get) => {
  let db: Db;
  let runner: Runner;
  let receiver: Receiver;
  beforeAll(async () => {
    db = get().db;
    runner = testRunner(db);
    receiver = await startReceiver();
  });
  const { setup, retire } = trackedWorkspaces(() => db);
  afterAll(async () => {
    await retire();
    await runner.stop();
    await receiver.close();
    if (allowPrivateBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
    else process.env.WEBHOOK_ALLOW_PRIVATE = allowPrivateBefore;
  });

  it.each([
    ['a loopback address', (port: string) => `http://127.0.0.1:${port}/hooks`],
    ['the same address IPv4-mapped', (port: string) => `http://[::ffff:127.0.0.1]:${port}/hooks`],
    ['a name resolving to it', (port: string) => `http://localhost:${port}/hooks`],
    // Refused from the address in the URL: nothing is ever sent towards it.
    ['a private address', () => 'http://10.1.2.3/hooks'],
  ])(
    '%s: nothing is sent, the job fails at once (no retries) saying the destination is not allowed by policy',
    async (_, url) => {
      const typed = url(new URL(receiver.url).port);
      const { ownerId, workflowId } = await setup({ webhook: { url: typed } });
      const entry = await createSupplier(db, ownerId);
      const job = await runWorkflow(db, ownerId, workflowId, entry.id);
      const failed = await waitForJobState(db, ownerId, job.id, (j) => j.status === 'KO');
      const events = failed.intents.find((i) => i.provider === 'webhook')!.events;
      const message = `webhook not delivered: the destination ${new URL(typed).host} is not allowed by policy (webhooks go only to public internet addresses); not retried`;
      expect(events.filter((e) => e.status === 'ERR')).toEqual([]);
      expect(events.at(-1)).toMatchObject({ status: 'KO', attempt: 1, message });
      expect(failed.faults).toEqual([
        expect.objectContaining({
          provider: 'webhook',
          code: 'webhook_destination_refused',
          message,
        }),
      ]);
      // Only what the tenant typed: never the address a name resolved to.
      if (typed.includes('localhost'))
        expect(JSON.stringify(failed)).not.toMatch(/127\.0\.0\.1|::1/);
      expect(receiver.received).toHaveLength(0);
    },
  );
});
