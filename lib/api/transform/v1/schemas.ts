import { z } from '@hono/zod-openapi';
import { JOB_STATUSES, createJobBody } from '@/lib/transform';
import { FaultSchema, TimestampQuerySchema, TimestampSchema } from '../../silo/v1/schemas';

const JobStatusSchema = z.enum(JOB_STATUSES);

const StepSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    provider: z.string().openapi({ example: 'gov-ar.register' }),
    summary: z.string().optional(),
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('WorkflowStep');

export const WorkflowSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    description: z.string().optional(),
    template: z.string().optional(),
    schema: z.string().optional().openapi({
      description: 'Short GOBL schema name of the documents it processes',
      example: 'org/party',
    }),
    steps: z.array(StepSchema),
    rescue: z.array(StepSchema),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi('Workflow');

// The bodies are checked in full by the domain (updateWorkflow), which names each bad step field.
const StepInputSchema = StepSchema.partial({ id: true }).openapi('WorkflowStepInput');
const workflowFields = {
  name: z.string().optional(),
  description: z.string().optional(),
  steps: z.array(StepInputSchema).optional(),
  rescue: z.array(StepInputSchema).optional(),
  draft: z.boolean().optional().openapi({ description: 'Only false: drafts are not kept' }),
};
/** Invopop's TransformUpdateWorkflow. */
export const UpdateWorkflowSchema = z.object(workflowFields).strict().openapi('UpdateWorkflow');
/** Invopop's TransformCreateWorkflow: `schema` must be the workflow's own when it exists. */
export const CreateWorkflowSchema = z
  .object({
    ...workflowFields,
    schema: z.string().optional().openapi({ example: 'bill/invoice' }),
    country: z.string().optional().openapi({ example: 'AR' }),
  })
  .strict()
  .openapi('CreateWorkflow');

export const WorkflowListSchema = z
  .object({
    list: z.array(WorkflowSchema),
    limit: z.number().int(),
    created_at: TimestampSchema.optional(),
    schema: z.string().optional(),
    next_created_at: TimestampSchema.optional(),
  })
  .openapi('WorkflowList');
export const WorkflowListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    created_at: TimestampQuerySchema.optional().openapi({
      description: "Only workflows created before this time (the previous page's next_created_at)",
    }),
    schema: z.string().max(100).optional().openapi({
      description: 'Only workflows that process this short GOBL schema name',
      example: 'org/party',
    }),
  })
  .strict();

const JobEventSchema = z
  .object({
    index: z.number().int(),
    status: JobStatusSchema,
    at: TimestampSchema,
    message: z.string().optional(),
    code: z.string().optional(),
    http_status: z.number().int().optional(),
    duration_ms: z.number().optional(),
    attempt: z.number().int().optional(),
    runs: z.number().int().optional().openapi({
      description:
        'Present on an event that stands for several runs of a step retried many times (its message names them): how many runs',
    }),
  })
  .openapi('JobEvent');

const IntentSchema = z
  .object({
    id: z.string().uuid(),
    step_id: z.string(),
    name: z.string(),
    provider: z.string(),
    rescue: z.boolean().optional(),
    status: JobStatusSchema,
    completed: z.boolean(),
    events: z.array(JobEventSchema),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi('JobIntent');

export const JobSchema = z
  .object({
    id: z.string().uuid(),
    key: z.string().optional(),
    workflow_id: z.string().uuid(),
    silo_entry_id: z.string().uuid(),
    status: JobStatusSchema,
    args: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    completed_at: TimestampSchema.optional(),
    faults: z.array(FaultSchema),
    intents: z.array(IntentSchema),
  })
  .openapi('Job');

const JobSummarySchema = JobSchema.omit({ intents: true }).openapi('JobSummary');
export const JobListSchema = z
  .object({
    list: z.array(JobSummarySchema),
    created_at: TimestampSchema.optional(),
    limit: z.number().int(),
    cursor: z.string().optional(),
    next_cursor: z.string().optional(),
  })
  .openapi('JobList');

/** Invopop's: the job runs on an entry (`silo_entry_id`) or on a document stored first (`data`). */
export const CreateJobSchema = createJobBody
  .extend({
    silo_entry_id: createJobBody.shape.silo_entry_id.optional(),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'A GOBL document or envelope, stored as POST /silo/v1/entries stores it, instead of silo_entry_id',
      ),
  })
  // Said even beside another field's problem (`when`), as a missing silo_entry_id always was.
  .refine((body) => (body.silo_entry_id === undefined) !== (body.data === undefined), {
    path: ['silo_entry_id'],
    message: 'give silo_entry_id or data (one of them)',
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .meta({ id: 'CreateJob' });

export const WaitQuerySchema = z
  .object({
    wait: z.coerce
      .number()
      .int()
      .min(0)
      .max(60)
      .optional()
      .openapi({ description: 'Seconds (≤ 60) to wait for the job to complete' }),
  })
  .strict();
export const JobListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
    created_at: TimestampQuerySchema.optional().openapi({
      description: 'Jobs created at or before this time',
    }),
    silo_entry_id: z.string().uuid().optional(),
  })
  .strict();
export const AnyIdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
