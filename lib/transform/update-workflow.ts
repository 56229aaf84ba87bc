import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { checkWorkflowSteps } from './check-workflow-steps';
import type { Step } from './schemas';
import { TEMPLATE_SCHEMAS, templatesForSchema } from './templates';
import { toWorkflow, type Workflow } from './workflow';

// Invopop's TransformUpdateWorkflow, and for PUT its TransformCreateWorkflow (schema, country).
const workflowBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    schema: z.string().optional(),
    country: z.literal('AR', 'this service runs Argentina (AR) workflows only').optional(),
    steps: z.unknown().optional(),
    rescue: z.unknown().optional(),
    draft: z
      .literal(false, 'drafts (unpublished versions) are not kept: send false or leave it out')
      .optional(),
  })
  .strict();

const invalid = (fields: Record<string, string>) =>
  new DomainError({
    kind: 'invalid',
    code: 'invalid_workflow',
    detail: 'The workflow has invalid fields.',
    fields,
  });

/**
 * Changes a workflow (PATCH: the fields given; `put`: Invopop's PUT, which also creates it with
 * this id when the workspace has none). Its steps are checked as creation checks them, and its
 * schema, set by its template, never changes: `schema` must repeat it. Undefined when PATCH finds
 * no such workflow. Jobs already running go on with the steps they started with for a few
 * seconds at most (the runner's cache, workflow-cache.ts).
 */
export async function updateWorkflow(
  db: Db,
  ownerId: string,
  id: string,
  request: { body: unknown; put?: boolean },
): Promise<{ workflow: Workflow; created: boolean } | undefined> {
  const parsed = workflowBody.safeParse(request.body);
  if (!parsed.success)
    throw invalid(
      Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message])),
    );
  const body = parsed.data;
  if (!request.put) {
    const fixed = (['schema', 'country'] as const).filter((f) => body[f] !== undefined);
    if (fixed.length) throw invalid(Object.fromEntries(fixed.map((f) => [f, 'cannot be changed'])));
  }
  const id_ = id.toLowerCase();
  const [row] = await db
    .select()
    .from(schema.workflows)
    .where(and(eq(schema.workflows.id, id_), eq(schema.workflows.ownerId, ownerId)));
  if (!row) return request.put ? createWithId(db, ownerId, id_, body) : undefined;
  const current = toWorkflow(row);
  if (body.schema !== undefined && body.schema !== current.schema)
    throw invalid({ schema: `is ${current.schema ?? 'none'} and cannot change` });
  const lists = checkWorkflowSteps(body, current.schema, [
    ...(row.steps as Step[]),
    ...(row.rescue as Step[]),
  ]);
  if (lists.steps?.length === 0) throw invalid({ steps: 'at least one step' });
  const [updated] = await db
    .update(schema.workflows)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
      ...lists,
      updatedAt: new Date(),
    })
    .where(and(eq(schema.workflows.id, id_), eq(schema.workflows.ownerId, ownerId)))
    .returning();
  return { workflow: toWorkflow(updated!), created: false };
}

async function createWithId(
  db: Db,
  ownerId: string,
  id: string,
  body: z.infer<typeof workflowBody>,
): Promise<{ workflow: Workflow; created: boolean }> {
  const schemas = [...new Set(Object.values(TEMPLATE_SCHEMAS))];
  const fields: Record<string, string> = {};
  if (!body.name) fields.name = 'required';
  if (!body.schema || !schemas.includes(body.schema))
    fields.schema = `required, one of ${schemas.join(', ')}`;
  if (body.steps === undefined) fields.steps = 'required';
  if (Object.keys(fields).length) throw invalid(fields);
  const lists = checkWorkflowSteps(body, body.schema!, []);
  if (!lists.steps?.length) throw invalid({ steps: 'at least one step' });
  const [row] = await db
    .insert(schema.workflows)
    .values({
      id,
      ownerId,
      name: body.name!,
      description: body.description || null,
      // The schema is carried by a template: a workflow made by PUT records the one for its schema.
      template: templatesForSchema(body.schema!)[0]!,
      steps: lists.steps,
      rescue: lists.rescue ?? [],
    })
    .onConflictDoNothing()
    .returning();
  // The id is another workspace's: the same answer as any id this workspace cannot use.
  if (!row)
    throw new DomainError({
      kind: 'conflict',
      code: 'workflow_id_taken',
      detail: 'This workflow id cannot be used.',
    });
  return { workflow: toWorkflow(row), created: true };
}
