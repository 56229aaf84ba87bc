import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, toDate, type Db } from '@/lib/db';

export type NoticeThreshold = '30' | '7' | '1' | 'expired';

export interface DueNotice {
  entryId: string;
  ownerId: string;
  certificateNotAfter: Date;
  threshold: NoticeThreshold;
}

/**
 * Validated certificates due for a notice at `now` that has not been sent: the nearest threshold
 * reached (30, 7 or 1 days before expiry, or expired), so a scheduler that was stopped for a while
 * sends the current notice, not the ones it missed. Soonest expiry first.
 */
export async function findDueNotices(db: Db, now: Date, limit: number): Promise<DueNotice[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with due as (
          select c.entry_id, c.owner_id, c.certificate_not_after,
                 case when c.certificate_not_after <= ${at} then 'expired'
                      when c.certificate_not_after <= ${at} + interval '1 day' then '1'
                      when c.certificate_not_after <= ${at} + interval '7 days' then '7'
                      else '30' end as threshold
          from registration_credentials c
          where c.validated_at is not null and c.certificate_not_after <= ${at} + interval '30 days')
        select d.* from due d
        where not exists (
          select 1 from registration_certificate_notices n
          where n.entry_id = d.entry_id and n.certificate_not_after = d.certificate_not_after
            and n.threshold = d.threshold)
        order by d.certificate_not_after
        limit ${limit}`,
  );
  return rows.map((row) => ({
    entryId: String(row.entry_id),
    ownerId: String(row.owner_id),
    certificateNotAfter: toDate(row.certificate_not_after),
    threshold: row.threshold as NoticeThreshold,
  }));
}
