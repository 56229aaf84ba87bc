import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

interface WebhookContext {
  jobId: string;
  stepId: string;
  entryId: string;
  ownerId: string;
  key?: string | null;
  event: string;
  args: Record<string, unknown>;
  faults: unknown[];
}

/** Stable per job step: every retry, and a re-run after a crash, carries the same webhook-id. */
export function webhookMessageId(jobId: string, stepId: string): string {
  return `msg_${createHash('sha256').update(`${jobId}:${stepId}`).digest('hex').slice(0, 32)}`;
}

export function buildWebhookPayload(ctx: WebhookContext) {
  return {
    id: webhookMessageId(ctx.jobId, ctx.stepId),
    event: ctx.event,
    transform_job_id: ctx.jobId,
    silo_entry_id: ctx.entryId,
    siloEntryId: ctx.entryId,
    owner_id: ctx.ownerId,
    key: ctx.key ?? null,
    args: ctx.args,
    faults: ctx.faults,
  };
}

/** The Standard Webhooks headers for one attempt (the timestamp is the attempt's). */
export function signWebhook(secret: string, messageId: string, body: string, at = new Date()) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
