import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase, schema, type Database } from '@/lib/db';
import { completeRegistration } from '@/lib/registration';
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
import { startReceiver } from './support/webhook-receiver';

describeEachDatabase('runner: two runners on one database', (get) => {
  it('process 100 jobs to the end with no job and no step run twice', async () => {
    const db = get().db;
    // On PostgreSQL each runner has its own pool, as two app instances would.
    const other: Database | undefined =
      get().kind === 'postgres'
        ? await openDatabase({
            databaseUrl: process.env.DATABASE_URL,
            dataDir: '',
            maxConnections: 10,
          })
        : undefined;
    const runners = [testRunner(db), testRunner(other?.db ?? db)];
    try {
      const { ownerId, workflowId } = await setupWorkspace(db);
      const entries = await Promise.all(
        Array.from({ length: 100 }, () => createSupplier(db, ownerId)),
      );
      const jobs = await Promise.all(
        entries.map((e) => runWorkflow(db, ownerId, workflowId, e.id)),
      );
      for (const job of jobs) await waitForJobState(db, ownerId, job.id, isParked, 30_000);
      await Promise.all(entries.map((e) => storeValidatedCredentials(db, ownerId, e.id)));
      await Promise.all(entries.map((e) => completeRegistration(db, e.id)));
      const done = await Promise.all(
        jobs.map((job) => waitForJobState(db, ownerId, job.id, isDone, 30_000)),
      );

      expect(done.map((j) => j.status)).toEqual(jobs.map(() => 'OK'));
      for (const job of done) {
        expect(job.intents.map((i) => i.events.map((e) => e.status))).toEqual([
          ['RUN', 'OK'],
          ['RUN', 'OK'],
          ['RUN', 'QUEUED', 'RUN', 'OK'],
          ['RUN', 'OK'],
        ]);
      }
      const ids = jobs.map((j) => j.id);
      const intents = await db
        .select({ id: schema.jobIntents.id })
        .from(schema.jobIntents)
        .where(inArray(schema.jobIntents.jobId, ids));
      expect(intents).toHaveLength(400);
      // Each job was claimed once to park and once after its completion.
      const claims = await db
        .select({ attempts: schema.jobs.attempts })
        .from(schema.jobs)
        .where(inArray(schema.jobs.id, ids));
      expect(claims.map((c) => c.attempts)).toEqual(ids.map(() => 2));
      for (const entry of entries)
        expect(await entryStateHistory(db, entry.id)).toEqual([
          'empty',
          'processing',
          'registered',
        ]);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await other?.close();
    }
  });

  it('a job stays with the runner that claimed it through a step longer than its lease: each webhook sent once, each job claimed once', async () => {
    const db = get().db;
    const other: Database | undefined =
      get().kind === 'postgres'
        ? await openDatabase({
            databaseUrl: process.env.DATABASE_URL,
            dataDir: '',
            maxConnections: 10,
          })
        : undefined;
    const leaseMs = 1_500;
    const receiver = await startReceiver();
    // A slow receiver: each delivery outlasts three leases, while the other runner looks for work every 50 ms.
    receiver.answer = () => ({
      status: 200,
      after: new Promise((r) => setTimeout(r, 3 * leaseMs)),
    });
    const runners = [testRunner(db, { leaseMs }), testRunner(other?.db ?? db, { leaseMs })];
    try {
      const { ownerId, workflowId } = await setupWorkspace(db, { webhook: { url: receiver.url } });
      const entries = await Promise.all(
        Array.from({ length: 5 }, () => createSupplier(db, ownerId)),
      );
      const ids = (
        await Promise.all(entries.map((e) => runWorkflow(db, ownerId, workflowId, e.id)))
      ).map((j) => j.id);
      for (const id of ids) await waitForJobState(db, ownerId, id, isParked, 30_000);

      const delivered = receiver.received.map(
        (d) => (JSON.parse(d.body) as { transform_job_id: string }).transform_job_id,
      );
      expect(delivered.sort()).toEqual([...ids].sort());
      const claims = await db
        .select({ attempts: schema.jobs.attempts })
        .from(schema.jobs)
        .where(inArray(schema.jobs.id, ids));
      expect(claims.map((c) => c.attempts)).toEqual(ids.map(() => 1));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await receiver.close();
      await other?.close();
    }
  });
  it('a job whose lease ran out while its runner still works on it is not run a second time by that runner', async () => {
    const db = get().db;
    // A long lease (renewed every 10 s) and a runner looking for work every 50 ms: once the lease is
    // made to run out, the runner's own claim takes the job back long before any renewal.
    const runner = testRunner(db, { leaseMs: 30_000 });
    const receiver = await startReceiver();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.answer = () => ({ status: 200, after: held });
    try {
      const { ownerId, workflowId } = await setupWorkspace(db, { webhook: { url: receiver.url } });
      const entry = await createSupplier(db, ownerId);
      const job = await runWorkflow(db, ownerId, workflowId, entry.id);
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
      // What a renewal held up past the lease looks like to the claim.
      await db
        .update(schema.jobs)
        .set({ leaseUntil: new Date(Date.now() - 60_000) })
        .where(eq(schema.jobs.id, job.id));
      await expect
        .poll(
          async () =>
            (
              await db
                .select({ attempts: schema.jobs.attempts })
                .from(schema.jobs)
                .where(eq(schema.jobs.id, job.id))
            )[0]!.attempts,
          { timeout: 10_000 },
        )
        .toBe(2);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received).toHaveLength(1);
      release();
      await waitForJobState(db, ownerId, job.id, isParked, 30_000);
      expect(receiver.received).toHaveLength(1);
    } finally {
      release();
      await runner.stop();
      await receiver.close();
    }
  });
});
