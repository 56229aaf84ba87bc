import 'server-only';
import type { Db } from '@/lib/db';
import { setDatabaseReadings } from '@/lib/metrics';
import { countCertificatesExpiring } from '@/lib/registration';
import { countUnfinishedJobs } from '@/lib/transform';

/** The metrics read from the database (the same on every instance): two grouped counts. */
export async function refreshDatabaseReadings(db: Db): Promise<void> {
  const [unfinishedJobs, certificatesExpiringWithin30Days] = await Promise.all([
    countUnfinishedJobs(db),
    countCertificatesExpiring(db, 30),
  ]);
  setDatabaseReadings({ unfinishedJobs, certificatesExpiringWithin30Days });
}
