import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '@/lib/errors';
import {
  STEP_PROVIDERS,
  stepSchema,
  webhookConfigSchema,
  type Step,
  type StepProvider,
} from './schemas';

// The steps that only make sense on one kind of document, and the states only one kind reaches.
const PROVIDER_SCHEMAS: Partial<Record<StepProvider, string>> = {
  'gov-ar.register': 'org/party',
  'gov-ar.wait.authorization': 'org/party',
  'gov-ar.send': 'bill/invoice',
  'gov-ar.invoice': 'bill/invoice',
  pdf: 'bill/invoice',
};
const STATE_SCHEMAS: Record<string, string> = { registered: 'org/party', sent: 'bill/invoice' };
const LIFECYCLE_STATES = ['empty', 'processing', 'registered', 'sent', 'error'];
const MASK = '********';

const stepInput = stepSchema.extend({ id: z.string().max(100).optional() });
export const stepsInput = z.array(stepInput).max(50);

/**
 * A workflow's steps and rescue as given (Invopop's TransformStep), checked as creation builds
 * them: known providers, a valid webhook and state config, and nothing for another schema than the
 * workflow's (no registration step in an invoice workflow). A step without an id gets one; a
 * webhook token sent back masked, as reading shows it, keeps the stored one.
 */
export function checkWorkflowSteps(
  lists: { steps?: unknown; rescue?: unknown },
  workflowSchema: string | null,
  stored: Step[],
): { steps?: Step[]; rescue?: Step[] } {
  const fields: Record<string, string> = {};
  const check = (name: 'steps' | 'rescue'): Step[] | undefined => {
    if (lists[name] === undefined) return undefined;
    const parsed = stepsInput.safeParse(lists[name] ?? []);
    if (!parsed.success) {
      for (const i of parsed.error.issues)
        fields[[name, ...i.path].join('.')] =
          i.path.at(-1) === 'provider' ? `must be one of ${STEP_PROVIDERS.join(', ')}` : i.message;
      return undefined;
    }
    return parsed.data.map((step, index) => {
      const at = `${name}.${index}`;
      const bound = PROVIDER_SCHEMAS[step.provider];
      if (bound && workflowSchema && bound !== workflowSchema)
        fields[`${at}.provider`] = `${step.provider} runs on ${bound}, not ${workflowSchema}`;
      if (step.provider === 'silo.state') {
        const state = String(step.config?.state ?? '');
        if (!LIFECYCLE_STATES.includes(state))
          fields[`${at}.config.state`] = `must be one of ${LIFECYCLE_STATES.join(', ')}`;
        else if (STATE_SCHEMAS[state] && workflowSchema && STATE_SCHEMAS[state] !== workflowSchema)
          fields[`${at}.config.state`] = `${state} is a state of ${STATE_SCHEMAS[state]} only`;
      }
      const id = step.id ?? randomUUID();
      if (step.provider !== 'webhook') return { ...step, id };
      const before = stored.find((s) => s.id === id && s.provider === 'webhook');
      const config =
        step.config?.token === MASK && before?.config?.token
          ? { ...step.config, token: before.config.token }
          : step.config;
      const webhook = webhookConfigSchema.safeParse(config);
      if (!webhook.success)
        for (const i of webhook.error.issues)
          fields[[at, 'config', ...i.path].join('.')] = i.message;
      return { ...step, id, config: webhook.success ? { ...webhook.data } : config };
    });
  };
  const steps = check('steps');
  const rescue = check('rescue');
  if (Object.keys(fields).length)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_workflow',
      detail: 'The workflow has invalid steps.',
      fields,
    });
  return { ...(steps ? { steps } : {}), ...(rescue ? { rescue } : {}) };
}
