import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { type ArcaEnvironment, validateCuit } from '@/lib/arca';

export const SIMULATED_SERVICES = ['wsfe', 'wsct', 'wsfex', 'wsmtxca', 'ws_sr_padron_a5'] as const;

export type AuthorizeResult =
  { ok: true } | { ok: false; error: 'cuit_invalid' | 'alias_unknown' | 'service_unknown' };

/** WSASS "Crear autorización a servicio" / "Nueva Relación": lets the alias's certificates use a service. */
export async function authorizeService(
  db: Db,
  input: { environment: ArcaEnvironment; cuit: string; alias: string; service?: string },
): Promise<AuthorizeResult> {
  const cuit = validateCuit(input.cuit);
  if (!cuit.ok) return { ok: false, error: 'cuit_invalid' };
  const service = input.service ?? 'wsfe';
  if (!(SIMULATED_SERVICES as readonly string[]).includes(service))
    return { ok: false, error: 'service_unknown' };
  const certificates = schema.arcaSimCertificates;
  const [known] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.environment, input.environment),
        eq(certificates.cuit, cuit.cuit),
        eq(certificates.alias, input.alias.trim()),
      ),
    )
    .limit(1);
  if (!known) return { ok: false, error: 'alias_unknown' };
  await db
    .insert(schema.arcaSimAuthorizations)
    .values({ environment: input.environment, cuit: cuit.cuit, alias: input.alias.trim(), service })
    .onConflictDoNothing();
  return { ok: true };
}
