import 'server-only';
import { eq } from 'drizzle-orm';
import { getEnv } from '@/lib/config';
import { getMasterKeyring, openSecret } from '@/lib/crypto';
import { schema } from '@/lib/db';
import { getLogger } from '@/lib/log';
import { buildWebhookPayload, deliverWebhook, nextRetryDelay, signWebhook } from '@/lib/webhooks';
import { webhookConfigSchema } from '../schemas';
import type { StepHandler } from '../runner/types';

// Unreachable and silent destinations read the same to the tenant (the cause goes to the server
// log): anything finer would let a workflow's URL probe which hosts and ports answer. A destination
// refused by policy is decided before any connection, from the address alone, so saying so reveals
// only what the name's public DNS answer already does; the address itself is never shown.
const NO_ANSWER = 'no HTTP answer from the destination';

/** One delivery attempt per run; failures come back as ERR with the next attempt's time, or KO after 12 h. */
export const webhook: StepHandler = async ({ db, job, step, previousEvents, now }) => {
  const config = webhookConfigSchema.parse(step.config);
  const [workflow] = await db
    .select({ sealed: schema.workflows.webhookSecretSealed })
    .from(schema.workflows)
    .where(eq(schema.workflows.id, job.workflowId));
  const payload = buildWebhookPayload({
    jobId: job.id,
    stepId: step.id,
    entryId: job.siloEntryId,
    ownerId: job.ownerId,
    key: job.key,
    // A notice job (queueWebhookNotices) carries the event it was queued for.
    event:
      job.phase === 'notice'
        ? String((job.args as Record<string, unknown>).event)
        : (config.event ?? 'registration.link'),
    args: job.args as Record<string, unknown>,
    faults: job.faults as unknown[],
  });
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { ...(config.headers ?? {}) };
  if (config.token) headers.authorization = `Bearer ${config.token}`;
  if (workflow?.sealed)
    Object.assign(
      headers,
      signWebhook(
        openSecret(workflow.sealed, getMasterKeyring(), `workflow:${job.workflowId}`).toString(
          'utf8',
        ),
        payload.id,
        body,
        now,
      ),
    );
  else headers['webhook-id'] = payload.id;

  // Folded events (fold-events.ts) keep the last attempt number they stand for.
  const attempt = Math.max(0, ...previousEvents.map((e) => e.attempt ?? 0)) + 1;
  const firstAttemptAt = previousEvents.find((e) => e.status === 'RUN')?.at;
  const result = await deliverWebhook({
    url: config.url,
    body,
    headers,
    allowPrivate: getEnv().webhookAllowPrivate,
  });
  const answered = result.status !== undefined;
  const detail = {
    attempt,
    ...(answered ? { http_status: result.status, duration_ms: result.durationMs } : {}),
  };
  if (result.ok) return { status: 'OK', message: `delivered (HTTP ${result.status})`, detail };
  if (!answered && !result.permanent)
    getLogger().warn(
      { jobId: job.id, stepId: step.id, attempt, cause: result.error },
      'webhook: no HTTP answer',
    );
  if (result.refusedByPolicy) {
    // The cause (with the address the name resolved to) goes to the server log only; the tenant reads
    // the host they typed and why, once: no retry can change the answer while the address stays.
    getLogger().warn(
      { jobId: job.id, stepId: step.id, attempt, cause: result.error },
      'webhook: destination refused by policy',
    );
    return {
      status: 'KO',
      provider: 'webhook',
      code: 'webhook_destination_refused',
      message: `webhook not delivered: ${destinationOf(config.url)} is not allowed by policy (webhooks go only to public internet addresses); not retried`,
      detail,
      hideTiming: true,
    };
  }
  const why = answered
    ? (result.error ?? `HTTP ${result.status}`)
    : result.permanent
      ? (result.error ?? 'refused')
      : NO_ANSWER;
  const delay = result.permanent
    ? undefined
    : nextRetryDelay(
        attempt,
        firstAttemptAt ? Date.parse(firstAttemptAt) : now.getTime(),
        Date.now(),
        result.retryIn,
      );
  if (delay === undefined) {
    return {
      status: 'KO',
      provider: 'webhook',
      code: result.permanent ? 'webhook_refused' : 'webhook_gave_up',
      message: `webhook not delivered: ${why}${result.permanent ? '' : ' (gave up after 12 h of retries)'}`,
      detail,
      hideTiming: !answered,
    };
  }
  return {
    status: 'ERR',
    message: `attempt ${attempt} failed: ${why}; next in ${Math.round(delay / 1000)} s`,
    retryAt: new Date(Date.now() + delay),
    detail,
    hideTiming: !answered,
  };
};

/** The host (and port) as the tenant wrote it in the workflow's URL. */
function destinationOf(url: string): string {
  try {
    return `the destination ${new URL(url).host}`;
  } catch {
    return 'the destination';
  }
}
