import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import { schema, type Db } from '@/lib/db';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { DomainError } from '@/lib/errors';
import {
  pdfConfigSchema,
  webhookConfigSchema,
  type PdfConfig,
  type WebhookConfig,
} from './schemas';
import { buildTemplate } from './templates';
import { toWorkflow, type Workflow } from './workflow';

/**
 * A workflow from a template. With a webhook, a Standard Webhooks secret is made for it and
 * returned this once (stored sealed).
 */
export async function createWorkflow(
  db: Db,
  ownerId: string,
  input: { template: string; webhook?: WebhookConfig; pdf?: Record<string, unknown> },
): Promise<{ workflow: Workflow; webhookSecret?: string }> {
  let webhook: WebhookConfig | undefined;
  if (input.webhook) {
    const parsed = webhookConfigSchema.safeParse(input.webhook);
    if (!parsed.success)
      throw new DomainError({
        kind: 'invalid',
        code: 'invalid_webhook',
        detail: 'The webhook is not valid.',
        fields: Object.fromEntries(
          parsed.error.issues.map((i) => [`webhook.${i.path.join('.')}`, i.message]),
        ),
      });
    webhook = parsed.data;
  }
  const pdf = input.pdf ? parsePdfConfig(input.pdf) : undefined;
  const built = buildTemplate(input.template, { webhook, pdf });
  const id = randomUUID();
  const secret = webhook ? `whsec_${randomBytes(32).toString('base64')}` : undefined;
  const [row] = await db
    .insert(schema.workflows)
    .values({
      id,
      ownerId,
      name: built.name,
      description: built.description,
      template: input.template,
      steps: built.steps,
      rescue: built.rescue,
      webhookSecretSealed: secret ? sealSecret(secret, getMasterKeyring(), `workflow:${id}`) : null,
    })
    .returning();
  return { workflow: toWorkflow(row!), ...(secret ? { webhookSecret: secret } : {}) };
}

/** The pdf step's settings, or a refusal naming each bad key (an unknown one included). */
function parsePdfConfig(config: Record<string, unknown>): PdfConfig {
  const parsed = pdfConfigSchema.safeParse(config);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) fields[`pdf.${key}`] = 'unknown setting';
    else fields[`pdf.${issue.path.join('.')}`] = issue.message;
  }
  throw new DomainError({
    kind: 'invalid',
    code: 'invalid_pdf_config',
    detail: `The pdf step's settings are not valid: ${Object.entries(fields)
      .map(([k, v]) => `${k} (${v})`)
      .join(', ')}. Known settings: locale, layout, date_format, logo_height, watermark.`,
    fields,
  });
}
