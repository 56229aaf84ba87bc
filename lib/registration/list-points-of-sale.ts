import 'server-only';
import { eq } from 'drizzle-orm';
import { getAccessTicket, getPointsOfSale, type ArcaOutcome, type PointOfSale } from '@/lib/arca';
import { getEnv } from '@/lib/config';
import { getMasterKeyring, openSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import type { RegistrationView } from './get-registration';
import type { ArcaEndpoints } from './validate-certificate';

export type PointOfSaleProblem = 'blocked' | 'closed' | 'caea';

export interface PointOfSaleView {
  number: number;
  emissionType: string;
  usable: boolean;
  problem?: PointOfSaleProblem;
}

export type PointsOfSaleResult = { ok: true; list: PointOfSaleView[] } | { ok: false; outcome: ArcaOutcome };

export function describePointOfSale(pos: PointOfSale): PointOfSaleView {
  const problem: PointOfSaleProblem | undefined = pos.blocked ? 'blocked' : pos.closedOn ? 'closed' : pos.kind === 'CAEA' ? 'caea' : undefined;
  return { number: pos.number, emissionType: pos.emissionType, usable: !problem, ...(problem ? { problem } : {}) };
}

/** The supplier's points of sale as ARCA's WSFE reports them (FEParamGetPtosVenta), each marked usable or why not. */
export async function listPointsOfSale(db: Db, registration: RegistrationView, endpoints?: ArcaEndpoints): Promise<PointsOfSaleResult> {
  const [row] = await db.select().from(schema.registrationCredentials).where(eq(schema.registrationCredentials.entryId, registration.entryId));
  if (!row?.certificatePem || !row.validatedAt) return { ok: false, outcome: { code: 'key_missing', ok: false } };
  const urls = endpoints ?? getEnv().arca[registration.environment];
  const privateKeyPem = openSecret(row.keySealed, getMasterKeyring(), registration.entryId).toString('utf8');
  const ticket = await getAccessTicket({ db, environment: registration.environment, url: urls.wsaa, certificatePem: row.certificatePem, privateKeyPem });
  if (!ticket.ok) return { ok: false, outcome: ticket.outcome };
  const result = await getPointsOfSale({ url: urls.wsfe }, { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit: registration.company.cuit });
  if (!result.ok) return { ok: false, outcome: result.outcome };
  return { ok: true, list: result.value.map(describePointOfSale).sort((a, b) => a.number - b.number) };
}
