import 'server-only';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { schema, type Db } from '@/lib/db';
import { requestHash } from '@/lib/idempotency';
import { webhookConfigSchema, type Step, type WebhookSubscription } from './schemas';
import { wakeRunner } from './runner/wake';

interface Notice {
  ownerId: string;
  entryId: string;
  event: WebhookSubscription;
  /** Names the notice; with the workflow and the step it is the job's key, so a repeat queues nothing. */
  key: string;
  /** Strings, as every job's args: what the receiver gets besides the event. */
  args: Record<string, string>;
}

/**
 * Queues one job per webhook step of the workspace's workflows that subscribes to the event: the
 * job runs that step alone (phase `notice`), so the notice is delivered, signed, retried and logged
 * exactly as the step's own webhook. Returns how many jobs were queued.
 */
export async function queueWebhookNotices(db: Db, notice: Notice): Promise<number> {
  const workflows = await db
    .select({ id: schema.workflows.id, steps: schema.workflows.steps })
    .from(schema.workflows)
    .where(eq(schema.workflows.ownerId, notice.ownerId));
  const args = { event: notice.event, ...notice.args };
  let queued = 0;
  for (const workflow of workflows) {
    const steps = workflow.steps as Step[];
    for (const [index, step] of steps.entries()) {
      if (step.provider !== 'webhook' || !subscribes(step, notice.event)) continue;
      const key = `${notice.key}:${workflow.id}:${index}`;
      const inserted = await db
        .insert(schema.jobs)
        .values({
          id: uuidv7(),
          ownerId: notice.ownerId,
          key,
          workflowId: workflow.id,
          siloEntryId: notice.entryId,
          args,
          tags: [notice.event],
          requestHash: requestHash({
            workflow_id: workflow.id,
            silo_entry_id: notice.entryId,
            key,
            args,
            tags: [notice.event],
          }),
          phase: 'notice',
          stepIndex: index,
        })
        .onConflictDoNothing()
        .returning({ id: schema.jobs.id });
      queued += inserted.length;
    }
  }
  if (queued > 0) wakeRunner();
  return queued;
}

function subscribes(step: Step, event: WebhookSubscription): boolean {
  const config = webhookConfigSchema.safeParse(step.config);
  return config.success && (config.data.subscribe ?? []).includes(event);
}
