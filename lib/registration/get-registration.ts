import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { Regime, WizardStep } from './steps';

export interface CertificateInfo {
  alias: string | null;
  cuit: string | null;
  notAfter: string;
}

export interface RegistrationView {
  entryId: string;
  ownerId: string;
  environment: 'sandbox' | 'live';
  company: { name: string; cuit: string };
  step: WizardStep;
  regime: Regime | null;
  authorizedAt: string | null;
  /** The link stops working when its job was knocked out or cancelled. */
  linkRevoked: boolean;
  credentials: {
    source: 'generated' | 'byo';
    alias: string | null;
    csrPem: string | null;
    certificate: CertificateInfo | null;
    validatedAt: string | null;
  } | null;
}

/** What the wizard shows for a public ref, or undefined for any ref that is not a live link. */
export async function getRegistrationByRef(db: Db, ref: string): Promise<RegistrationView | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(ref)) return undefined;
  const [row] = await db
    .select({ meta: schema.metaRecords, entry: schema.entries, workspace: schema.workspaces, registration: schema.registrations })
    .from(schema.metaRecords)
    .innerJoin(schema.entries, eq(schema.entries.id, schema.metaRecords.entryId))
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.entries.ownerId))
    .innerJoin(schema.registrations, eq(schema.registrations.entryId, schema.entries.id))
    .where(and(eq(schema.metaRecords.ref, ref), eq(schema.metaRecords.src, 'gov-ar'), eq(schema.metaRecords.key, 'link'), eq(schema.metaRecords.linkScope, 'public')));
  if (!row) return undefined;
  const [job] = await db.select({ status: schema.jobs.status }).from(schema.jobs).where(eq(schema.jobs.siloEntryId, row.entry.id)).orderBy(desc(schema.jobs.seq)).limit(1);
  const [credentials] = await db.select().from(schema.registrationCredentials).where(eq(schema.registrationCredentials.entryId, row.entry.id));
  const data = row.entry.data as { name?: string; tax_id?: { code?: string }; doc?: { name?: string; tax_id?: { code?: string } } };
  const party = data.doc ?? data;
  const progress = row.registration.progress as { regime?: Regime; certificate?: CertificateInfo };
  return {
    entryId: row.entry.id,
    ownerId: row.entry.ownerId,
    environment: row.workspace.environment,
    company: { name: party.name ?? '', cuit: party.tax_id?.code ?? '' },
    step: row.registration.step as WizardStep,
    regime: progress.regime ?? null,
    authorizedAt: row.registration.authorizedAt?.toISOString() ?? null,
    linkRevoked: !row.registration.authorizedAt && (job?.status === 'KO' || job?.status === 'CANCEL'),
    credentials: credentials
      ? {
          source: credentials.source,
          alias: credentials.alias,
          csrPem: credentials.csrPem,
          certificate: progress.certificate ?? null,
          validatedAt: credentials.validatedAt?.toISOString() ?? null,
        }
      : null,
  };
}
