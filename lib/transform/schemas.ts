import { z } from 'zod';

export const JOB_STATUSES = ['RUN', 'QUEUED', 'OK', 'ERR', 'SKIP', 'KO'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const STEP_PROVIDERS = [
  'silo.state',
  'gov-ar.register',
  'webhook',
  'gov-ar.wait.authorization',
  'gov-ar.send',
  // What gov-ar.send was called before it took Invopop's name: workflows stored with it still run.
  'gov-ar.invoice',
  'pdf',
] as const;
export type StepProvider = (typeof STEP_PROVIDERS)[number];

/** Events a webhook step may subscribe to besides its own run: notices about the workspace's suppliers. */
export const WEBHOOK_SUBSCRIPTIONS = ['certificate.expiring', 'certificate.expired'] as const;
export type WebhookSubscription = (typeof WEBHOOK_SUBSCRIPTIONS)[number];

export const webhookConfigSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  event: z.string().trim().min(1).max(100).optional(),
  subscribe: z.array(z.enum(WEBHOOK_SUBSCRIPTIONS)).max(WEBHOOK_SUBSCRIPTIONS.length).optional(),
  token: z.string().max(2000).optional(),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/), z.string().max(2000)).optional(),
});
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

// Invopop's "Generate PDF" step's settings. Strict: a misspelt key is refused when the workflow is
// made, not silently ignored on every invoice.
export const PDF_LAYOUTS = ['A4', 'letter'] as const;
export const PDF_LOCALES = ['es', 'en'] as const;
export const pdfConfigSchema = z.strictObject({
  locale: z.enum(PDF_LOCALES).optional(),
  layout: z.enum(PDF_LAYOUTS).optional(),
  /** strftime-like: %d, %m, %Y, %y (English only: Spanish vouchers print dd/mm/aaaa). */
  date_format: z
    .string()
    .trim()
    .max(20)
    .regex(/^(?=.*%[dmYy])[^<>]*$/, 'must name the day, month or year with %d, %m, %Y or %y')
    .optional(),
  /** The supplier's logo's height on the PDF, in points (GOBL's supplier.logos[0], embedded data). */
  logo_height: z.number().int().min(10).max(120).optional(),
  /** A text printed across every page (e.g. «COPIA»); homologación vouchers always carry their own. */
  watermark: z.string().trim().min(1).max(60).optional(),
});
export type PdfConfig = z.infer<typeof pdfConfigSchema>;

export const stepSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(STEP_PROVIDERS),
  summary: z.string().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});
export type Step = z.infer<typeof stepSchema>;

// Ids are compared as text once stored: one spelling (lower case) for each.
// The one create-job body: the API validates and documents it as is (CreateJob in its OpenAPI).
export const createJobBody = z.object({
  workflow_id: z.uuid('workflow_id must be a UUID').transform((id) => id.toLowerCase()),
  silo_entry_id: z.uuid('silo_entry_id must be a UUID').transform((id) => id.toLowerCase()),
  key: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .describe('Unique per workspace: a repeat returns the original job'),
  args: z
    .record(z.string(), z.string('must be a string (args are a map of strings)'))
    .optional()
    .describe('A map of strings, as in Invopop'),
  tags: z.array(z.string().max(100)).max(50).optional(),
});
