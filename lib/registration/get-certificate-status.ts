import 'server-only';
import type { Db } from '@/lib/db';

export interface CertificateStatus {
  alias: string;
  cuit: string;
  environment: 'sandbox' | 'live';
  not_after: string;
  days_left: number;
  validated_at: string | null;
}

/**
 * The entry's ARCA certificate as the console shows it, or null while none is stored.
 * TODO(wizard): read the stored certificate once the wizard saves one; null until then.
 */
export async function getCertificateStatus(db: Db, entryId: string): Promise<CertificateStatus | null> {
  void db;
  void entryId;
  return null;
}
