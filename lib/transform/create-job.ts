import 'server-only';
import { and, eq, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryRows, runStatement, schema, statement, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { requestHash } from '@/lib/idempotency';
import { createJobBody } from './schemas';
import { getJob } from './get-job';
import { insertJob } from './insert-job';
import { toJob, type Job } from './job';
import { isTimeBasedUuid } from './uuid-version';
import { schemaMismatch } from './schema-mismatch';
import { wakeRunner } from './runner/wake';

/**
 * Queues a workflow run on an entry, once: the same id (PUT) or key with the same request returns
 * the original job; with a different request it is a conflict.
 */
export async function createJob(
  db: Db,
  ownerId: string,
  request: { id?: string; body: unknown },
): Promise<{ job: Job; created: boolean }> {
  if (request.id !== undefined && !isTimeBasedUuid(request.id)) {
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_job_id',
      detail: 'The job id must be a time-based UUID (version 1 or 7).',
      fields: { id: 'must be a UUID v1 or v7' },
    });
  }
  const parsed = createJobBody.safeParse(request.body);
  if (!parsed.success)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_job',
      detail: 'The job has invalid fields.',
      fields: Object.fromEntries(
        parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message]),
      ),
    });
  const body = parsed.data;
  const args = body.args ?? {};
  const tags = body.tags ?? [];
  const hash = requestHash({
    workflow_id: body.workflow_id,
    silo_entry_id: body.silo_entry_id,
    key: body.key,
    args,
    tags,
  });
  const id = (request.id ?? uuidv7()).toLowerCase();
  const inserted = await insertJob(db, {
    id,
    ownerId,
    key: body.key,
    workflowId: body.workflow_id,
    siloEntryId: body.silo_entry_id,
    args,
    tags,
    requestHash: hash,
  });
  if (inserted) {
    wakeRunner();
    // A new job has run no step yet: the inserted row is the whole answer, no read back.
    return { job: toJob(inserted, []), created: true };
  }
  // Not inserted: say why (the insert checked all three in its one statement), or it was a conflict.
  await refuseMissingReferences(db, ownerId, body.workflow_id, body.silo_entry_id);
  await refuseSchemaMismatch(db, ownerId, body.workflow_id, body.silo_entry_id);
  const holders = await db
    .select({
      id: schema.jobs.id,
      ownerId: schema.jobs.ownerId,
      key: schema.jobs.key,
      requestHash: schema.jobs.requestHash,
    })
    .from(schema.jobs)
    .where(
      or(
        eq(schema.jobs.id, id),
        body.key ? and(eq(schema.jobs.ownerId, ownerId), eq(schema.jobs.key, body.key)) : undefined,
      ),
    );
  const byId = holders.find((h) => h.id === id);
  // Another workspace's id is not this workspace's business: the same answer as any unknown job.
  if (byId && byId.ownerId !== ownerId)
    throw new DomainError({
      kind: 'not_found',
      code: 'job_not_found',
      detail: 'No job with this id in this workspace.',
    });
  const existing = byId ?? holders.find((h) => h.ownerId === ownerId && h.key === body.key);
  if (!existing) throw new Error('job insert conflicted but no job holds its id or key');
  if (existing.requestHash !== hash || (request.id !== undefined && existing.id !== id)) {
    throw new DomainError({
      kind: 'conflict',
      code: 'job_conflict',
      detail: `A job with ${existing.id === id ? `id ${id}` : `key "${body.key}"`} already exists with a different request.`,
    });
  }
  return { job: (await getJob(db, ownerId, existing.id))!, created: false };
}

const workflowTemplateAndEntrySchema = statement(
  'transform_workflow_template_and_entry_schema',
  `select (select template from transform_workflows where id = $1 and owner_id = $3) as template,
          (select doc_schema from silo_entries where id = $2 and owner_id = $3) as doc_schema`,
);

/** A workflow runs only on the documents it is for: the registration workflow never on an invoice. */
async function refuseSchemaMismatch(db: Db, ownerId: string, workflowId: string, entryId: string) {
  const [found] = await runStatement<{ template: string | null; doc_schema: string | null }>(
    db,
    workflowTemplateAndEntrySchema,
    [workflowId, entryId, ownerId],
  );
  const mismatch = found?.doc_schema ? schemaMismatch(found.template, found.doc_schema) : undefined;
  if (mismatch)
    throw new DomainError({
      kind: 'invalid',
      code: 'workflow_schema_mismatch',
      detail: `The workflow processes ${mismatch.workflow} documents; the entry holds ${mismatch.entry}.`,
      messageKey: 'console.jobs.schemaMismatch',
      values: mismatch,
      fields: {
        workflow_id: `processes ${mismatch.workflow} documents`,
        silo_entry_id: `holds ${mismatch.entry}, not ${mismatch.workflow}`,
      },
    });
}

/** Why a job was not inserted, when it is not a conflict: its workflow or entry is not this workspace's. */
async function refuseMissingReferences(
  db: Db,
  ownerId: string,
  workflowId: string,
  entryId: string,
) {
  const [found] = await queryRows<{ workflow: boolean; entry: boolean }>(
    db,
    sql`select exists (select 1 from transform_workflows where id = ${workflowId} and owner_id = ${ownerId}) as workflow,
               exists (select 1 from silo_entries where id = ${entryId} and owner_id = ${ownerId}) as entry`,
  );
  const missing: Record<string, string> = {};
  if (!found?.workflow) missing.workflow_id = 'no workflow with this id in this workspace';
  if (!found?.entry) missing.silo_entry_id = 'no silo entry with this id in this workspace';
  if (Object.keys(missing).length)
    throw new DomainError({
      kind: 'invalid',
      code: 'job_references_missing',
      detail: 'The job refers to things that do not exist.',
      fields: missing,
    });
}
