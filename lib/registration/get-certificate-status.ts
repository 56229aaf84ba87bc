import 'server-only';
import { X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cuitFromSubject } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';
import { getWorkspace } from '@/lib/workspaces';

export interface CertificateStatus {
  alias: string;
  cuit: string;
  environment: 'sandbox' | 'live';
  notAfter: string;
  daysLeft: number;
  validatedAt: string | null;
  /** When a renewal started: this certificate stays in use until the new one validates. */
  renewalStartedAt: string | null;
}

const DAY_MS = 86_400_000;

/** The entry's ARCA certificate as the console shows it, or null while the supplier has not uploaded one. */
export async function getCertificateStatus(
  db: Db,
  entryId: string,
  now = new Date(),
): Promise<CertificateStatus | null> {
  const [credentials] = await db
    .select()
    .from(schema.registrationCredentials)
    .where(eq(schema.registrationCredentials.entryId, entryId));
  if (!credentials?.certificatePem) return null;
  const [registration] = await db
    .select({ renewalStartedAt: schema.registrations.renewalStartedAt })
    .from(schema.registrations)
    .where(eq(schema.registrations.entryId, entryId));
  const workspace = await getWorkspace(db, credentials.ownerId);
  if (!workspace) return null;
  const certificate = new X509Certificate(credentials.certificatePem);
  const notAfter = new Date(certificate.validTo);
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(certificate.subject)?.[1];
  return {
    alias: credentials.alias ?? cn ?? '',
    cuit: cuitFromSubject(certificate.subject) ?? '',
    environment: workspace.environment,
    notAfter: notAfter.toISOString(),
    daysLeft: Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS),
    validatedAt: credentials.validatedAt?.toISOString() ?? null,
    renewalStartedAt: registration?.renewalStartedAt?.toISOString() ?? null,
  };
}
