import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import type { Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import { storeValidatedCredentials } from './support/validated-credentials';
import {
  createSupplier,
  isDone,
  runWorkflow,
  setupWorkspace,
  testRunner,
  waitForJobState,
} from './support/runner-fixtures';

// The supplier finishes the wizard after the wait step saw "not yet" but before it parked the job.
// The wait step (lib/registration/gov-ar-steps) reads the registration from this file, not the index.
const race = vi.hoisted(() => ({ entryId: undefined as string | undefined }));
vi.mock('@/lib/registration/complete-registration', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/registration/complete-registration')>();
  return {
    ...actual,
    isRegistrationAuthorized: async (db: Db, entryId: string) => {
      const authorized = await actual.isRegistrationAuthorized(db, entryId);
      if (!authorized && race.entryId === entryId) {
        race.entryId = undefined;
        expect(await actual.completeRegistration(db, entryId)).toEqual({ completedNow: true });
      }
      return authorized;
    },
  };
});

describeEachDatabase('runner: a completion racing with the park', (get) => {
  let db: Db;
  let runner: Runner;
  beforeAll(() => {
    db = get().db;
    runner = testRunner(db);
  });
  afterAll(() => runner.stop());

  it('is not lost: the job finishes OK without a second completion', async () => {
    const { ownerId, workflowId } = await setupWorkspace(db);
    const entry = await createSupplier(db, ownerId);
    await storeValidatedCredentials(db, ownerId, entry.id);
    race.entryId = entry.id;
    const job = await runWorkflow(db, ownerId, workflowId, entry.id);
    const done = await waitForJobState(db, ownerId, job.id, isDone, 5_000);
    expect(race.entryId).toBeUndefined();
    expect(done.status).toBe('OK');
    expect(done.intents[2]!.events.map((e) => e.status)).toEqual(['RUN', 'QUEUED', 'RUN', 'OK']);
  });
});
