import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/errors';
import type { Step, WebhookConfig } from './schemas';

const step = (
  provider: Step['provider'],
  name: string,
  summary: string,
  config?: Record<string, unknown>,
): Step => ({
  id: randomUUID(),
  name,
  provider,
  summary,
  ...(config ? { config } : {}),
});

/** The short GOBL schema name of the documents each template's workflows process, as Invopop's `schema`. */
export const TEMPLATE_SCHEMAS: Record<string, string> = { 'ar-supplier-registration': 'org/party' };

/** The templates whose workflows process documents of this short schema name. */
export const templatesForSchema = (shortSchema: string) =>
  Object.keys(TEMPLATE_SCHEMAS).filter((t) => TEMPLATE_SCHEMAS[t] === shortSchema);

/** The steps of a template, with a webhook step before the wait step when one is asked for. */
export function buildTemplate(template: string, options: { webhook?: WebhookConfig } = {}) {
  if (template !== 'ar-supplier-registration') {
    throw new DomainError({
      kind: 'invalid',
      code: 'unknown_template',
      detail: `Unknown template "${template}".`,
      fields: { template: 'must be ar-supplier-registration' },
    });
  }
  const steps: Step[] = [
    step('silo.state', 'Set state', 'Entry state → processing', { state: 'processing' }),
    step(
      'gov-ar.register',
      'ARCA register supplier',
      'Creates the registration link (meta gov-ar/link)',
    ),
    ...(options.webhook
      ? [
          step('webhook', 'Webhook', `POST to ${new URL(options.webhook.url).host}`, {
            ...options.webhook,
          }),
        ]
      : []),
    step(
      'gov-ar.wait.authorization',
      'Wait for ARCA authorization',
      'Waits until the supplier’s certificate is validated',
    ),
    step('silo.state', 'Set state', 'Entry state → registered', { state: 'registered' }),
  ];
  const rescue: Step[] = [
    step('silo.state', 'Set state', 'Entry state → error', { state: 'error' }),
  ];
  return {
    name: 'ARCA register supplier',
    description: 'Registers a supplier with ARCA: link, certificate, authorization.',
    steps,
    rescue,
  };
}
