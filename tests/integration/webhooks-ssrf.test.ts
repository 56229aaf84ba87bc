import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import type { Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  createSupplier,
  NO_ANSWER_MESSAGE,
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
  ])(
    '%s: nothing is sent, and the tenant reads the message of a destination that does not answer',
    async (_, url) => {
      const { ownerId, workflowId } = await setup({
        webhook: { url: url(new URL(receiver.url).port) },
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
      expect(failed.faults).toEqual([]);
      expect(receiver.received).toHaveLength(0);
    },
  );
});
