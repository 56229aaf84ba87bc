import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/errors';
import type { PdfConfig, Step, WebhookConfig } from './schemas';

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
export const TEMPLATE_SCHEMAS: Record<string, string> = {
  'ar-supplier-registration': 'org/party',
  'ar-invoice': 'bill/invoice',
};

/** The name a workflow gets from its template (the console shows it in its own language). */
export const TEMPLATE_NAMES = {
  'ar-supplier-registration': 'ARCA register supplier',
  'ar-invoice': 'ARCA send invoice',
} as const;
export type TemplateId = keyof typeof TEMPLATE_NAMES;

/** The templates a workflow can be created from. */
export const TEMPLATES = Object.keys(TEMPLATE_SCHEMAS) as readonly string[];

/** The templates whose workflows process documents of this short schema name. */
export const templatesForSchema = (shortSchema: string) =>
  Object.keys(TEMPLATE_SCHEMAS).filter((t) => TEMPLATE_SCHEMAS[t] === shortSchema);

const webhookStep = (webhook: WebhookConfig) =>
  step('webhook', 'Webhook', `POST to ${new URL(webhook.url).host}`, { ...webhook });

const errorRescue = (): Step[] => [
  step('silo.state', 'Set state', 'Entry state → error', { state: 'error' }),
];

/** The steps of a template, with a webhook step when one is asked for. */
export function buildTemplate(
  template: string,
  options: { webhook?: WebhookConfig; pdf?: PdfConfig } = {},
) {
  if (template === 'ar-invoice') return invoiceTemplate(options);
  if (template !== 'ar-supplier-registration') {
    throw new DomainError({
      kind: 'invalid',
      code: 'unknown_template',
      detail: `Unknown template "${template}".`,
      fields: { template: `must be one of ${TEMPLATES.join(', ')}` },
    });
  }
  const steps: Step[] = [
    step('silo.state', 'Set state', 'Entry state → processing', { state: 'processing' }),
    step(
      'gov-ar.register',
      'ARCA register supplier',
      'Creates the registration link (meta gov-ar/link)',
    ),
    // The webhook goes before the wait: the platform gets the link while the supplier registers.
    ...(options.webhook ? [webhookStep(options.webhook)] : []),
    step(
      'gov-ar.wait.authorization',
      'Wait for ARCA authorization',
      'Waits until the supplier’s certificate is validated',
    ),
    step('silo.state', 'Set state', 'Entry state → registered', { state: 'registered' }),
  ];
  return {
    name: TEMPLATE_NAMES['ar-supplier-registration'],
    description: 'Registers a supplier with ARCA: link, certificate, authorization.',
    steps,
    rescue: errorRescue(),
  };
}

// Invopop's ar-invoice, step by step: state processing → gov-ar.send → pdf → state sent.
function invoiceTemplate(options: { webhook?: WebhookConfig; pdf?: PdfConfig }) {
  const steps: Step[] = [
    step('silo.state', 'Set state', 'Entry state → processing', { state: 'processing' }),
    step(
      'gov-ar.send',
      'ARCA send invoice',
      'Sends the invoice to ARCA (number, CAE, QR: stamps arca-cae, arca-cae-expiry, arca-qr) and signs the envelope',
    ),
    step(
      'pdf',
      'Generate PDF',
      'Prints the authorised voucher as a PDF and attaches it to the entry (file key pdf)',
      { locale: 'es', layout: 'A4', ...options.pdf },
    ),
    ...(options.webhook ? [webhookStep(options.webhook)] : []),
    step('silo.state', 'Set state', 'Entry state → sent', { state: 'sent' }),
  ];
  return {
    name: TEMPLATE_NAMES['ar-invoice'],
    description:
      'Sends an invoice to ARCA (WSFE), stores its number, CAE and QR, signs it and attaches its PDF.',
    steps,
    rescue: errorRescue(),
  };
}
