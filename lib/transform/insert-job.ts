import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import { jobFromRow, type JobRow } from './job-row';
import { schemaMatchesSql } from './schema-mismatch';
type NewJob = Pick<
  JobRow,
  'id' | 'ownerId' | 'workflowId' | 'siloEntryId' | 'args' | 'tags' | 'requestHash'
> & { key?: string };

// Only if its workflow and entry are this workspace's and the workflow is for the entry's documents
// (lib/transform/schema-mismatch), all in the insert's one round trip.
export const insertJobIfReferencesExist = statement(
  'transform_insert_job',
  `insert into transform_jobs (id, owner_id, key, workflow_id, silo_entry_id, args, tags, request_hash)
   select $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8
   from transform_workflows w join silo_entries e on e.id = $5 and e.owner_id = $2
   where w.id = $4 and w.owner_id = $2 and ${schemaMatchesSql('w.template', 'e.doc_schema')}
   on conflict do nothing
   returning *`,
);

/**
 * Inserts a job; undefined when its workflow or entry is not this workspace's, the workflow is not
 * for the entry's documents, or the id or key is taken.
 */
export async function insertJob(db: Db, job: NewJob): Promise<JobRow | undefined> {
  const [row] = await runStatement(db, insertJobIfReferencesExist, [
    job.id,
    job.ownerId,
    job.key ?? null,
    job.workflowId,
    job.siloEntryId,
    JSON.stringify(job.args),
    JSON.stringify(job.tags),
    job.requestHash,
  ]);
  if (!row) return undefined;
  return jobFromRow(row);
}
