import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Database } from '@/lib/db';
import { completeRegistration } from '@/lib/registration';
import {
  createSupplier,
  entryStateHistory,
  isDone,
  isParked,
  runWorkflow,
  setupWorkspace,
  waitForJobState,
} from '../integration/support/runner-fixtures';
import { storeValidatedCredentials } from '../integration/support/validated-credentials';
import { startReceiver, type Receiver } from '../integration/support/webhook-receiver';
import { workersPerTest } from '../integration/support/worker-process';
import { reportCounts } from './support/counts';

const url = process.env.DATABASE_URL;
const LEASE_MS = 1_500;

// Worker processes share jobs through PostgreSQL; PGlite belongs to a single process.
describe.skipIf(!url)(
  'kill -9 of the worker during a workflow step and during a webhook delivery, then a restart [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let receiver: Receiver;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 5 });
      receiver = await startReceiver({ port: 4271 });
    });
    const spawnWorker = workersPerTest(url, LEASE_MS);
    afterAll(async () => {
      await receiver?.close();
      await database?.close();
    });

    it(
      'mid-step: every job parks after the restart, no state row or link twice',
      { timeout: 120_000 },
      async () => {
        const db = database.db;
        const { ownerId, workflowId } = await setupWorkspace(db);
        const entries = await Promise.all(
          Array.from({ length: 150 }, () => createSupplier(db, ownerId)),
        );
        const ids = (
          await Promise.all(entries.map((e) => runWorkflow(db, ownerId, workflowId, e.id)))
        ).map((j) => j.id);

        const first = await spawnWorker();
        for (;;) {
          const [row] = await db
            .select({ n: schema.jobIntents.id })
            .from(schema.jobIntents)
            .where(inArray(schema.jobIntents.jobId, ids))
            .limit(1);
          if (row) break;
          await new Promise((r) => setTimeout(r, 5));
        }
        await first.crash();
        const held = await db
          .select({ id: schema.jobs.id })
          .from(schema.jobs)
          .where(and(inArray(schema.jobs.id, ids), eq(schema.jobs.leaseOwner, first.id)));
        expect(held.length, 'jobs the killed worker was in the middle of').toBeGreaterThan(0);

        await spawnWorker();
        const stuck: string[] = [];
        for (const id of ids)
          await waitForJobState(db, ownerId, id, isParked, 30_000).catch(() => stuck.push(id));
        const histories = await Promise.all(entries.map((e) => entryStateHistory(db, e.id)));
        const links = await db
          .select({ entryId: schema.metaRecords.entryId })
          .from(schema.metaRecords)
          .where(
            inArray(
              schema.metaRecords.entryId,
              entries.map((e) => e.id),
            ),
          );
        const linked = new Set(links.map((l) => l.entryId));
        const intents = await db
          .select({ id: schema.jobIntents.id })
          .from(schema.jobIntents)
          .where(inArray(schema.jobIntents.jobId, ids));
        reportCounts(
          'kill -9 of the worker during a workflow step',
          {
            acknowledged: ids.length,
            // A step's side effect (the registration link) missing after the restart.
            lost: entries.filter((e) => !linked.has(e.id)).length,
            // A step's side effect twice: a second state row, a second link, a step recorded twice.
            duplicated:
              histories.filter((h) => h.join() !== 'empty,processing').length +
              (links.length - linked.size) +
              Math.max(0, intents.length - ids.length * 3),
            stuck: stuck.length,
          },
          { 'jobs held by the killed worker': held.length },
        );
      },
    );

    it(
      'mid-delivery: every webhook arrives at least once with the same webhook-id, every job finishes',
      { timeout: 120_000 },
      async () => {
        const db = database.db;
        receiver.received.length = 0;
        let killedFirst = () => {};
        const killed = new Promise<void>((resolve) => (killedFirst = resolve));
        // The receiver keeps the first worker's requests open until it has been killed.
        receiver.answer = () => ({ status: 200, after: killed });
        const { ownerId, workflowId } = await setupWorkspace(db, {
          webhook: { url: receiver.url },
        });
        const entries = await Promise.all(
          Array.from({ length: 5 }, () => createSupplier(db, ownerId)),
        );
        const ids = (
          await Promise.all(entries.map((e) => runWorkflow(db, ownerId, workflowId, e.id)))
        ).map((j) => j.id);

        const first = await spawnWorker();
        await receiver.waitFor(ids.length, 20_000);
        // Every job's delivery is in flight in the worker about to be killed, once: its lease holds while it delivers.
        const held = await db
          .select({ id: schema.jobs.id })
          .from(schema.jobs)
          .where(and(inArray(schema.jobs.id, ids), eq(schema.jobs.leaseOwner, first.id)));
        expect(held.map((j) => j.id).sort(), 'jobs the killed worker was delivering').toEqual(
          [...ids].sort(),
        );
        await first.crash();
        killedFirst();
        const beforeRestart = receiver.received.length;
        expect(beforeRestart).toBe(ids.length);
        await spawnWorker();
        const stuck = new Set<string>();
        for (const id of ids)
          await waitForJobState(db, ownerId, id, isParked, 30_000).catch(() => stuck.add(id));
        const jobOf = (delivery: { body: string }) =>
          (JSON.parse(delivery.body) as { transform_job_id: string }).transform_job_id;
        const redelivered = new Set(receiver.received.slice(beforeRestart).map(jobOf));
        const idsByJob = new Map<string, Set<string>>();
        for (const delivery of receiver.received) {
          const job = jobOf(delivery);
          idsByJob.set(
            job,
            (idsByJob.get(job) ?? new Set()).add(String(delivery.headers['webhook-id'])),
          );
        }

        await Promise.all(entries.map((e) => storeValidatedCredentials(db, ownerId, e.id)));
        await Promise.all(entries.map((e) => completeRegistration(db, e.id)));
        for (const id of ids)
          await waitForJobState(db, ownerId, id, isDone, 20_000)
            .then((job) => job.status !== 'OK' && stuck.add(id))
            .catch(() => stuck.add(id));
        const histories = await Promise.all(entries.map((e) => entryStateHistory(db, e.id)));
        reportCounts(
          'kill -9 of the worker during a webhook delivery',
          {
            acknowledged: ids.length,
            // Delivered at least once after the restart: the killed worker's answer never counted.
            lost: ids.filter((id) => !redelivered.has(id)).length,
            // A second webhook id for one job's delivery, or a step's state row twice.
            duplicated:
              ids.filter((id) => (idsByJob.get(id)?.size ?? 0) > 1).length +
              histories.filter((h) => h.join() !== 'empty,processing,registered').length,
            stuck: stuck.size,
          },
          { 'deliveries (at least once, same id)': receiver.received.length },
        );
      },
    );
  },
);
