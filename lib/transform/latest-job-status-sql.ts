/**
 * SQL text for the status of the entry's latest job (null without one), for a caller's own prepared
 * statement: the wizard reads it in the same round trip as the registration. `entryId` is an SQL
 * expression of the caller's query (a column), never input.
 */
export function latestJobStatusSql(entryId: string): string {
  return `(select j.status from transform_jobs j where j.silo_entry_id = ${entryId} order by j.seq desc limit 1)`;
}
