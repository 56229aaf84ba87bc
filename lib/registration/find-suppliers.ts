import 'server-only';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { findEntries, type Entry } from '@/lib/silo';
import { EXPIRING_WITHIN_DAYS } from './certificate-expiry';

interface FindSuppliersOptions {
  /** Part of the name, or of the CUIT. */
  query?: string;
  /** Only suppliers whose validated certificate expires within 30 days or has expired. */
  expiring?: boolean;
  page: number;
  pageSize: number;
  now?: Date;
}

export interface SupplierListItem {
  entry: Entry;
  /** When the supplier's validated certificate expires; null without one. */
  certificateNotAfter: Date | null;
  /** A renewal of that certificate is running (it stays in use until the new one validates). */
  renewing: boolean;
}

/** A numbered page of the workspace's suppliers with their certificates' expiry, for the console's list. */
export async function findSuppliers(db: Db, ownerId: string, options: FindSuppliersOptions) {
  const credentials = schema.registrationCredentials;
  const until = new Date((options.now ?? new Date()).getTime() + EXPIRING_WITHIN_DAYS * 86_400_000);
  const result = await findEntries(db, ownerId, {
    folder: 'suppliers',
    query: options.query,
    page: options.page,
    pageSize: options.pageSize,
    ...(options.expiring
      ? {
          where: sql`exists (select 1 from registration_credentials c
            where c.entry_id = ${schema.entries.id} and c.validated_at is not null
              and c.certificate_not_after <= ${until.toISOString()}::timestamptz)`,
        }
      : {}),
  });
  const ids = result.list.map((entry) => entry.id);
  const expiries = ids.length
    ? await db
        .select({ entryId: credentials.entryId, notAfter: credentials.certificateNotAfter })
        .from(credentials)
        .where(and(inArray(credentials.entryId, ids), isNotNull(credentials.validatedAt)))
    : [];
  const notAfter = new Map(expiries.map((row) => [row.entryId, row.notAfter]));
  const renewing = new Set(
    ids.length
      ? (
          await db
            .select({ entryId: schema.registrations.entryId })
            .from(schema.registrations)
            .where(
              and(
                inArray(schema.registrations.entryId, ids),
                isNotNull(schema.registrations.renewalStartedAt),
              ),
            )
        ).map((row) => row.entryId)
      : [],
  );
  return {
    ...result,
    list: result.list.map((entry): SupplierListItem => ({
      entry,
      certificateNotAfter: notAfter.get(entry.id) ?? null,
      renewing: renewing.has(entry.id),
    })),
  };
}
