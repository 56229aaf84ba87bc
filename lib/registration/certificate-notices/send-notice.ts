import 'server-only';
import { queueWebhookNotices } from '@/lib/transform';
import { schema, type Db } from '@/lib/db';
import { certificateExpiry } from '../certificate-expiry';
import type { DueNotice } from './find-due-notices';

/**
 * Claims the notice by inserting its row and queues its webhooks in the same transaction: a second
 * scheduler's insert waits for the first to commit and then finds the row, so each notice is queued
 * once. Returns the webhook jobs queued, or undefined when another scheduler had it.
 */
export async function sendNotice(db: Db, notice: DueNotice, now: Date) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(schema.registrationCertificateNotices)
      .values({ ...notice, sentAt: now })
      .onConflictDoNothing()
      .returning({ entryId: schema.registrationCertificateNotices.entryId });
    if (claimed.length === 0) return undefined;
    const expired = notice.threshold === 'expired';
    const event = expired ? 'certificate.expired' : 'certificate.expiring';
    const notAfter = notice.certificateNotAfter.toISOString();
    return queueWebhookNotices(tx, {
      ownerId: notice.ownerId,
      entryId: notice.entryId,
      event,
      key: `${event}:${notice.threshold}:${notice.entryId}:${notAfter}`,
      args: {
        threshold: notice.threshold,
        certificate_not_after: notAfter,
        [expired ? 'days_since_expiry' : 'days_left']: String(
          certificateExpiry(notice.certificateNotAfter, now).days,
        ),
      },
    });
  });
}
