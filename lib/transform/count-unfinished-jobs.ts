import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';

export interface UnfinishedJobCount {
  status: string;
  /** The provider of the step the job is at (`gov-ar.wait.authorization` for a parked registration). */
  step: string;
  count: number;
}

/** Jobs not yet finished, by status and the step they are at (the runnable-jobs index covers them). */
export async function countUnfinishedJobs(db: Db): Promise<UnfinishedJobCount[]> {
  const rows = await queryRows<{ status: string; step: string | null; count: string | number }>(
    db,
    sql`select j.status,
          (case when j.phase = 'rescue' then w.rescue else w.steps end) -> j.step_index ->> 'provider' as step,
          count(*) as count
        from transform_jobs j join transform_workflows w on w.id = j.workflow_id
        where j.completed_at is null
        group by 1, 2`,
  );
  return rows.map((row) => ({
    status: row.status,
    step: row.step ?? 'none',
    count: Number(row.count),
  }));
}
