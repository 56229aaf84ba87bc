import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getEnv } from '@/lib/config';
import { schema, type Db } from '@/lib/db';
import { completeRegistration } from '@/lib/registration';
import { getEntry } from '@/lib/silo';
import { getJob, type Runner } from '@/lib/transform';
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

describeEachDatabase('runner: the ar-supplier-registration workflow', (get) => {
  let runner: Runner;
  let db: Db;
  beforeAll(() => {
    db = get().db;
    runner = testRunner(db);
  });
  afterAll(() => runner.stop());

  it('empty → processing → parked at the wait step with the link → completion → registered, OK', async () => {
    const { ownerId, workflowId } = await setupWorkspace(db);
    const entry = await createSupplier(db, ownerId);
    expect(entry.state).toBe('empty');
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);

    const parked = await waitForJobState(db, ownerId, job.id, isParked);
    expect(parked.completedAt).toBeNull();
    expect(parked.intents.map((i) => [i.provider, i.status])).toEqual([
      ['silo.state', 'OK'],
      ['gov-ar.register', 'OK'],
      ['gov-ar.wait.authorization', 'QUEUED'],
    ]);
    const during = (await getEntry(db, ownerId, entry.id))!;
    expect(during.state).toBe('processing');
    const link = during.meta.find((m) => m.src === 'gov-ar' && m.key === 'link')!;
    expect(link).toMatchObject({ linkScope: 'public', indexed: true, shared: true });
    expect(link.linkUrl).toBe(`${getEnv().registrationUrl}/reg/${link.ref}`);
    // base64url: 6 bits a character; the ref is the supplier's credential.
    expect(link.ref!.length * 6).toBeGreaterThanOrEqual(128);
    expect(link.ref).toMatch(/^[A-Za-z0-9_-]+$/);

    await storeValidatedCredentials(db, ownerId, entry.id);
    expect(await completeRegistration(db, entry.id)).toEqual({ completedNow: true });
    const done = await waitForJobState(db, ownerId, job.id, isDone);
    expect(done.status).toBe('OK');
    expect(done.completedAt!.getTime()).toBeGreaterThanOrEqual(done.createdAt.getTime());
    expect(done.faults).toEqual([]);
    expect(done.intents.map((i) => [i.provider, i.events.map((e) => e.status)])).toEqual([
      ['silo.state', ['RUN', 'OK']],
      ['gov-ar.register', ['RUN', 'OK']],
      ['gov-ar.wait.authorization', ['RUN', 'QUEUED', 'RUN', 'OK']],
      ['silo.state', ['RUN', 'OK']],
    ]);
    expect(done.intents.every((i) => i.completed)).toBe(true);
    expect((await getEntry(db, ownerId, entry.id))!.state).toBe('registered');
    expect(await entryStateHistory(db, entry.id)).toEqual(['empty', 'processing', 'registered']);
    expect(await completeRegistration(db, entry.id)).toEqual({ completedNow: false });
  });

  it('a completion without a validated certificate stored is refused: the job stays parked, the entry processing', async () => {
    const { ownerId, workflowId } = await setupWorkspace(db);
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    await waitForJobState(db, ownerId, job.id, isParked);
    await expect(completeRegistration(db, entry.id)).rejects.toMatchObject({
      kind: 'precondition',
      code: 'no_validated_certificate',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(isParked((await getJob(db, ownerId, job.id))!)).toBe(true);
    expect((await getEntry(db, ownerId, entry.id))!.state).toBe('processing');
    expect(await entryStateHistory(db, entry.id)).toEqual(['empty', 'processing']);
  });

  it('without the gov-ar app connected: job KO with app_not_connected, entry error through the rescue', async () => {
    const { ownerId, workflowId } = await setupWorkspace(db, { connect: false });
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const done = await waitForJobState(db, ownerId, job.id, isDone);
    expect(done.status).toBe('KO');
    expect(done.faults).toEqual([
      expect.objectContaining({ provider: 'gov-ar', code: 'app_not_connected' }),
    ]);
    expect(done.intents.map((i) => [i.provider, i.status, i.rescue])).toEqual([
      ['silo.state', 'OK', false],
      ['gov-ar.register', 'KO', false],
      ['silo.state', 'OK', true],
    ]);
    expect((await getEntry(db, ownerId, entry.id))!.state).toBe('error');
    expect(await entryStateHistory(db, entry.id)).toEqual(['empty', 'processing', 'error']);
  });

  it('re-running the steps after a crash (lease lost before the record) adds no state row and reuses the link', async () => {
    const { ownerId, workflowId } = await setupWorkspace(db);
    const entry = await createSupplier(db, ownerId);
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    await waitForJobState(db, ownerId, job.id, isParked);
    const before = (await getEntry(db, ownerId, entry.id))!.meta;

    // As if a runner had crashed after running every step but before recording any of them.
    await db
      .update(schema.jobs)
      .set({ status: 'RUN', stepIndex: 0, phase: 'steps', runAfter: sql`now()` })
      .where(eq(schema.jobs.id, job.id));
    const replayed = await waitForJobState(
      db,
      ownerId,
      job.id,
      (j) => isParked(j) && j.intents[2]!.events.length === 4,
    );
    expect(replayed.intents.map((i) => i.events.map((e) => e.status))).toEqual([
      ['RUN', 'OK', 'RUN', 'OK'],
      ['RUN', 'OK', 'RUN', 'OK'],
      ['RUN', 'QUEUED', 'RUN', 'QUEUED'],
    ]);
    expect(replayed.intents[0]!.events[3]!.message).toBe('state already processing');
    expect(await entryStateHistory(db, entry.id)).toEqual(['empty', 'processing']);
    expect((await getEntry(db, ownerId, entry.id))!.meta).toEqual(before);
    const links = await db
      .select()
      .from(schema.metaRecords)
      .where(and(eq(schema.metaRecords.entryId, entry.id), eq(schema.metaRecords.src, 'gov-ar')));
    expect(links).toHaveLength(1);
  });
});
