import { validateCuit } from '@/lib/arca';
import { findUnstorable } from '@/lib/storable';
import { ENVELOPE_SCHEMA, PARTY_SCHEMA } from './schemas';

type Json = Record<string, unknown>;

interface ValidParty {
  data: Json;
  docSchema: string;
  envSchema: string | null;
}

const CUIT_MESSAGES = {
  cuit_empty: 'CUIT is required',
  cuit_length: 'CUIT must have 11 digits (hyphens and spaces are ignored)',
  cuit_prefix: 'CUIT must start with 20, 23, 24, 27, 30, 33 or 34',
  cuit_check_digit: 'CUIT check digit is wrong: check the last digit',
} as const;

/**
 * Checks a GOBL party (or an envelope holding one) for what registration needs; returns it with the
 * CUIT normalised to 11 digits, or the field errors keyed by their path in the request. Text the
 * database cannot store (NUL, unpaired surrogates) is refused here too, for callers that do not come
 * through the API's edge.
 */
export function validateParty(
  data: Json,
  at: string,
): { ok: true; party: ValidParty } | { ok: false; fields: Record<string, string> } {
  const isEnvelope = data.$schema === ENVELOPE_SCHEMA;
  const doc = isEnvelope ? (data.doc as Json | undefined) : data;
  const base = isEnvelope ? `${at}doc.` : at;
  const unstorable = findUnstorable(data);
  if (unstorable) return { ok: false, fields: { [`${at}${unstorable.path}`]: unstorable.message } };
  const fields: Record<string, string> = {};
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    return { ok: false, fields: { [`${at}doc`]: 'envelope doc is required' } };
  if (doc.$schema !== undefined && doc.$schema !== PARTY_SCHEMA)
    fields[`${base}$schema`] = `must be ${PARTY_SCHEMA}`;
  if (typeof doc.name !== 'string' || doc.name.trim() === '')
    fields[`${base}name`] = 'name is required';
  const taxId = doc.tax_id as Json | undefined;
  let code: string | undefined;
  if (!taxId || typeof taxId !== 'object') fields[`${base}tax_id`] = 'tax_id is required';
  else {
    if (taxId.country !== 'AR') fields[`${base}tax_id.country`] = 'country must be "AR"';
    const result = validateCuit(typeof taxId.code === 'string' ? taxId.code : '');
    if (result.ok) code = result.cuit;
    else fields[`${base}tax_id.code`] = CUIT_MESSAGES[result.problem];
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const party: Json = {
    ...doc,
    $schema: PARTY_SCHEMA,
    name: (doc.name as string).trim(),
    tax_id: { ...taxId, country: 'AR', code },
  };
  return {
    ok: true,
    party: isEnvelope
      ? { data: { ...data, doc: party }, docSchema: PARTY_SCHEMA, envSchema: ENVELOPE_SCHEMA }
      : { data: party, docSchema: PARTY_SCHEMA, envSchema: null },
  };
}
