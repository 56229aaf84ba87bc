'use server';

import { getLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { redirect } from '@/lib/i18n';
import { createWorkflow, WEBHOOK_SUBSCRIPTIONS } from '@/lib/transform';
import { formValues, postedForm, type ActionState } from '@/components/forms/action-state';
import { errorState } from '@/components/forms/error-state';
import { requireOperator } from '../../../session';
import { CONSOLE_TEMPLATES } from './console-templates';

const FIELDS = [
  'template',
  'webhook_url',
  'webhook_token',
  'webhook_event',
  'webhook_certificates',
  'webhook_headers',
  'pdf_locale',
  'pdf_layout',
  'pdf_date_format',
  'pdf_logo_height',
  'pdf_watermark',
] as const;
type ConsoleTemplate = (typeof CONSOLE_TEMPLATES)[number];
const isConsoleTemplate = (value: string): value is ConsoleTemplate =>
  (CONSOLE_TEMPLATES as readonly string[]).includes(value);
export type WorkflowField = (typeof FIELDS)[number];
export type WorkflowFormState = ActionState<
  Record<WorkflowField, string>,
  { workflowId: string; secret: string }
>;

/** `Name: value` per line → headers; the number of the first bad line otherwise. */
function parseHeaders(text: string): Record<string, string> | number {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const match = /^\s*([A-Za-z0-9-]{1,100})\s*:\s*(.*)$/.exec(line);
    if (!match) return index + 1;
    headers[match[1]!] = match[2]!.trim();
  }
  return headers;
}

/** `webhook.url` → `webhook_url`, `pdf.date_format` → `pdf_date_format`; every header problem is the headers box's. */
function formFieldOf(path: string): WorkflowField | undefined {
  if (path.startsWith('pdf.')) return FIELDS.find((field) => field === `pdf_${path.slice(4)}`);
  const name = path.startsWith('webhook.headers')
    ? 'webhook_headers'
    : `webhook_${path.split('.')[1]}`;
  return FIELDS.find((field) => field === name);
}

export async function createWorkflowAction(
  _previous: WorkflowFormState,
  posted: unknown,
): Promise<WorkflowFormState> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const values = formValues(formData, FIELDS);
  const template = isConsoleTemplate(values.template) ? values.template : CONSOLE_TEMPLATES[0];
  let webhook;
  if (values.webhook_url.trim()) {
    const headers = parseHeaders(values.webhook_headers);
    if (typeof headers === 'number')
      return {
        status: 'error',
        code: 'invalidFields',
        fields: { webhook_headers: 'headerLine' },
        values,
      };
    webhook = {
      url: values.webhook_url.trim(),
      ...(values.webhook_event.trim() ? { event: values.webhook_event.trim() } : {}),
      ...(values.webhook_certificates === 'yes' ? { subscribe: [...WEBHOOK_SUBSCRIPTIONS] } : {}),
      ...(values.webhook_token ? { token: values.webhook_token } : {}),
      ...(Object.keys(headers).length ? { headers } : {}),
    };
  }
  const pdf = template === 'ar-invoice' ? pdfConfigOf(values) : undefined;
  if (pdf === 'logo_height')
    return {
      status: 'error',
      code: 'invalidFields',
      fields: { pdf_logo_height: 'invalid' },
      values,
    };
  let created;
  try {
    created = await createWorkflow(await getDb(), operator.workspaceId, {
      template,
      webhook,
      pdf,
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return errorState(error, values, { code: 'invalidFields', fieldOf: formFieldOf });
  }
  if (!created.webhookSecret)
    return redirect({
      href: `/console/workflows/${created.workflow.id}`,
      locale: await getLocale(),
    });
  return {
    status: 'ok',
    code: 'workflowCreated',
    data: { workflowId: created.workflow.id, secret: created.webhookSecret },
  };
}

/** The pdf step's settings from the form (empty boxes left out), or the one box that is not a number. */
function pdfConfigOf(
  values: Record<WorkflowField, string>,
): Record<string, unknown> | 'logo_height' {
  const height = values.pdf_logo_height.trim();
  if (height && !/^\d+$/.test(height)) return 'logo_height';
  return {
    locale: values.pdf_locale || 'es',
    layout: values.pdf_layout || 'A4',
    ...(values.pdf_date_format.trim() ? { date_format: values.pdf_date_format.trim() } : {}),
    ...(height ? { logo_height: Number(height) } : {}),
    ...(values.pdf_watermark.trim() ? { watermark: values.pdf_watermark.trim() } : {}),
  };
}
