import 'server-only';
import { schema, type Db } from '@/lib/db';
import { type ArcaEnvironment, validateCuit } from '@/lib/arca';

// What the simulated "A/B/M de puntos de venta" offers; only CAE/CAEA ones are web-service points.
export const EMISSION_TYPES = [
  'CAE - Ri Iva',
  'CAE - Monotributo',
  'CAEA - Ri Iva',
  'Factura en Linea',
] as const;
export type EmissionType = (typeof EMISSION_TYPES)[number];

export interface PointOfSaleInput {
  environment: ArcaEnvironment;
  cuit: string;
  number: number;
  emissionType?: EmissionType;
  blocked?: boolean;
  /** yyyy-mm-dd when closed ("dado de baja"). */
  closedOn?: string | null;
}

export type AddPointOfSaleResult =
  | { ok: true }
  | { ok: false; error: 'cuit_invalid' | 'number_invalid' | 'type_invalid' | 'date_invalid' };

/** Adds or updates a point of sale of a CUIT in the simulated ARCA. */
export async function addPointOfSale(
  db: Db,
  input: PointOfSaleInput,
): Promise<AddPointOfSaleResult> {
  const cuit = validateCuit(input.cuit);
  if (!cuit.ok) return { ok: false, error: 'cuit_invalid' };
  if (!Number.isInteger(input.number) || input.number < 1 || input.number > 99_998)
    return { ok: false, error: 'number_invalid' };
  const emissionType = input.emissionType ?? 'CAE - Ri Iva';
  if (!EMISSION_TYPES.includes(emissionType)) return { ok: false, error: 'type_invalid' };
  const closed = input.closedOn ? input.closedOn.trim() : '';
  if (closed && (!/^\d{4}-\d{2}-\d{2}$/.test(closed) || Number.isNaN(Date.parse(closed))))
    return { ok: false, error: 'date_invalid' };
  const values = {
    environment: input.environment,
    cuit: cuit.cuit,
    number: input.number,
    emissionType,
    blocked: input.blocked ?? false,
    closedOn: closed ? closed.replace(/-/g, '') : null,
  };
  const table = schema.arcaSimPointsOfSale;
  await db
    .insert(table)
    .values(values)
    .onConflictDoUpdate({
      target: [table.environment, table.cuit, table.number],
      set: { emissionType, blocked: values.blocked, closedOn: values.closedOn },
    });
  return { ok: true };
}
