import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db';
import type { Job, Runner } from '@/lib/transform';
import {
  createSupplier,
  isParked,
  runWorkflow,
  testRunner,
  trackedWorkspaces,
  waitForJobState,
} from '../integration/support/runner-fixtures';
import { startReceiver, type Receiver } from '../integration/support/webhook-receiver';
import { reportCounts } from './support/counts';

const url = process.env.DATABASE_URL;
const RECEIVER_PORT = 4270;
const JOBS = 5;
// The schedule's first two waits (lib/webhooks/backoff.ts: 5 s, doubling).
const FIRST_WAIT_MS = 5_000;
const SECOND_WAIT_MS = 10_000;
// How late an attempt may be: the runner looks for due jobs every 50 ms here, on a busy machine.
const LATE_MS = 4_000;

const webhookEvents = (job: Job) => job.intents.find((i) => i.provider === 'webhook')?.events ?? [];
const failedAttempts = (job: Job) => webhookEvents(job).filter((e) => e.status === 'ERR');

describe.skipIf(!url)(
  'a webhook receiver down for a while [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let runner: Runner;
    let receiver: Receiver | undefined;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 5 });
      runner = testRunner(database.db);
    });
    const { setup, retire } = trackedWorkspaces(() => database.db);
    afterAll(async () => {
      await retire();
      await runner?.stop();
      await receiver?.close();
      await database?.close();
    });

    it('deliveries resume on the retry schedule once it is back: each job delivered once, every job moves on', async () => {
      const db = database.db;
      const webhookUrl = `http://127.0.0.1:${RECEIVER_PORT}/hooks`;
      const { ownerId, workflowId } = await setup({ webhook: { url: webhookUrl } });
      const entries = await Promise.all(
        Array.from({ length: JOBS }, () => createSupplier(db, ownerId)),
      );
      const jobs = await Promise.all(
        entries.map((e) => runWorkflow(db, ownerId, workflowId, e.id)),
      );
      // Nothing listens on the port: every attempt is refused, until the receiver comes back after two.
      const failed = await Promise.all(
        jobs.map((j) =>
          waitForJobState(db, ownerId, j.id, (job) => failedAttempts(job).length >= 2, 30_000),
        ),
      );
      receiver = await startReceiver({ port: RECEIVER_PORT });
      const backAt = Date.now();
      await receiver.waitFor(JOBS, SECOND_WAIT_MS + LATE_MS + 5_000);
      const stuck: string[] = [];
      for (const job of jobs)
        await waitForJobState(db, ownerId, job.id, isParked, 15_000).catch(() =>
          stuck.push(job.id),
        );
      // Anything after the first delivery of each job would be a second one.
      await new Promise((r) => setTimeout(r, 1_000));

      const deliveriesOf = (jobId: string) =>
        receiver!.received.filter(
          (d) => (JSON.parse(d.body) as { transform_job_id: string }).transform_job_id === jobId,
        );
      const late: string[] = [];
      for (const job of failed) {
        const [first, second] = failedAttempts(job).map((e) => Date.parse(e.at));
        const delivered = deliveriesOf(job.id)[0]?.at;
        const gaps = [second! - first!, (delivered ?? Infinity) - second!];
        console.log(
          `[resilience] webhook ${job.id.slice(-8)}: attempt 2 ${gaps[0]} ms after attempt 1 (schedule ${FIRST_WAIT_MS}), attempt 3 ${gaps[1]} ms after attempt 2 (schedule ${SECOND_WAIT_MS}), receiver back ${delivered ? delivered - backAt : '–'} ms before it`,
        );
        if (
          gaps[0]! < FIRST_WAIT_MS - 100 ||
          gaps[0]! > FIRST_WAIT_MS + LATE_MS ||
          gaps[1]! < SECOND_WAIT_MS - 100 ||
          gaps[1]! > SECOND_WAIT_MS + LATE_MS
        )
          late.push(job.id);
      }
      expect(late, 'attempts off the retry schedule').toEqual([]);
      reportCounts(
        'webhook receiver down, then back',
        {
          acknowledged: jobs.length,
          lost: jobs.filter((j) => deliveriesOf(j.id).length === 0).length,
          duplicated: jobs.filter((j) => deliveriesOf(j.id).length > 1).length,
          stuck: stuck.length,
        },
        { 'failed attempts while down': failed.reduce((n, j) => n + failedAttempts(j).length, 0) },
      );
    });
  },
);
