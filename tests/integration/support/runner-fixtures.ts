import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { createEntry } from '@/lib/silo';
import {
  createJob,
  createWorkflow,
  getJob,
  startRunner,
  type Job,
  type Runner,
  type WebhookConfig,
} from '@/lib/transform';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import { STEP_HANDLERS } from '@/lib/workflow-steps';
import { newCuit } from '../../support/new-cuit';

/** A workspace (gov-ar connected unless told otherwise) with a registration workflow. */
export async function setupWorkspace(
  db: Db,
  options: { connect?: boolean; webhook?: WebhookConfig } = {},
) {
  const workspace = await createWorkspace(db, { name: `runner test ${randomInt(1e9)}` });
  if (options.connect !== false) await connectApp(db, workspace.id, 'gov-ar');
  const { workflow, webhookSecret } = await createWorkflow(db, workspace.id, {
    template: 'ar-supplier-registration',
    webhook: options.webhook,
  });
  return { ownerId: workspace.id, workflowId: workflow.id, webhookSecret };
}

export async function createSupplier(db: Db, ownerId: string) {
  const { entry } = await createEntry(db, ownerId, {
    body: {
      folder: 'suppliers',
      data: {
        $schema: 'https://gobl.org/draft-0/org/party',
        name: 'Ferretería Güemes SRL',
        tax_id: { country: 'AR', code: newCuit() },
      },
    },
  });
  return entry;
}

export async function runWorkflow(db: Db, ownerId: string, workflowId: string, entryId: string) {
  return (
    await createJob(db, ownerId, { body: { workflow_id: workflowId, silo_entry_id: entryId } })
  ).job;
}

/**
 * Ends the unfinished jobs of these workspaces. A webhook that keeps failing retries for 12 h: left
 * alone, such jobs would run in every later test process on the same database. Dropping the lease
 * makes a step still running there unable to record anything.
 */
export async function retireJobs(db: Db, ownerIds: string[]): Promise<void> {
  if (ownerIds.length === 0) return;
  await db
    .update(schema.jobs)
    .set({ status: 'KO', completedAt: new Date(), leaseOwner: null, leaseUntil: null })
    .where(and(inArray(schema.jobs.ownerId, ownerIds), isNull(schema.jobs.completedAt)));
}

/** A runner on the test database that looks for work often (tests wait on it). */
export function testRunner(
  db: Db,
  options: { concurrency?: number; leaseMs?: number } = {},
): Runner {
  return startRunner({ getDb: async () => db, steps: STEP_HANDLERS, pollMs: 50, ...options });
}

/**
 * Workspaces a test file sets up, remembered so its afterAll can end their unfinished jobs: a failing
 * webhook would otherwise keep retrying for 12 h in later test runs on the same database.
 */
export function trackedWorkspaces(db: () => Db) {
  const owners: string[] = [];
  return {
    async setup(options: Parameters<typeof setupWorkspace>[1]) {
      const workspace = await setupWorkspace(db(), options);
      owners.push(workspace.ownerId);
      return workspace;
    },
    retire: () => retireJobs(db(), owners),
  };
}

/** Polls the job until `done` says so, or fails after `ms`. */
export async function waitForJobState(
  db: Db,
  ownerId: string,
  jobId: string,
  done: (job: Job) => boolean,
  ms = 15_000,
): Promise<Job> {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await getJob(db, ownerId, jobId);
    if (job && done(job)) return job;
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} did not reach the expected state: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What a tenant reads for a first webhook attempt that got no HTTP answer, whatever the cause. */
export const NO_ANSWER_MESSAGE =
  'attempt 1 failed: no HTTP answer from the destination; next in 5 s';

/** New jobs are QUEUED too; parked means QUEUED at the wait step. */
export const isParked = (job: Job) =>
  job.status === 'QUEUED' &&
  job.intents.some((i) => i.provider === 'gov-ar.wait.authorization' && i.status === 'QUEUED');
export const isDone = (job: Job) => !!job.completedAt;

export async function entryStateHistory(db: Db, entryId: string): Promise<string[]> {
  const rows = await db
    .select({ state: schema.entryStates.state })
    .from(schema.entryStates)
    .where(eq(schema.entryStates.entryId, entryId))
    .orderBy(schema.entryStates.id);
  return rows.map((r) => r.state);
}
