import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import { schema, type Db } from '@/lib/db';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { DomainError } from '@/lib/errors';
import { webhookConfigSchema, type WebhookConfig } from './schemas';
import { buildTemplate } from './templates';
import { toWorkflow, type Workflow } from './workflow';

/**
 * A workflow from a template. With a webhook, a Standard Webhooks secret is made for it and
 * returned this once (stored sealed).
 */
export async function createWorkflow(
  db: Db,
  ownerId: string,
  input: { template: string; webhook?: WebhookConfig },
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
  const built = buildTemplate(input.template, { webhook });
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
