'use server';

import { getLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { redirect } from '@/lib/i18n';
import { createEntry, findEntries, PARTY_SCHEMA, partyOf, validateParty } from '@/lib/silo';
import { formatCuit, normalizeCuit, validateCuit, type CuitProblem } from '@/lib/arca';
import type { Db } from '@/lib/db';
import { formValues, postedForm, type ActionState } from '@/components/forms/action-state';
import { errorState } from '@/components/forms/error-state';
import { requireOperator } from '../../../session';

const FIELDS = ['name', 'cuit'] as const;
type SupplierFields = { name?: 'name_required' | 'name_unstorable'; cuit?: CuitProblem };
export type SupplierFormState = ActionState<
  Record<(typeof FIELDS)[number], string>,
  { party: Record<string, unknown> },
  SupplierFields
>;

/** Build validates and previews the party; Save stores it in the suppliers folder and opens it. */
export async function supplierAction(
  _previous: SupplierFormState,
  posted: unknown,
): Promise<SupplierFormState> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const values = formValues(formData, FIELDS);
  const input = {
    $schema: PARTY_SCHEMA,
    name: values.name.trim(),
    tax_id: { country: 'AR', code: values.cuit },
  };
  const checked = validateParty(input, '');
  if (!checked.ok) {
    const cuit = validateCuit(values.cuit);
    const fields: SupplierFields = {};
    if (checked.fields.name) fields.name = values.name.trim() ? 'name_unstorable' : 'name_required';
    if (!cuit.ok) fields.cuit = cuit.problem;
    return { status: 'error', code: 'invalidFields', fields, values };
  }
  if (formData.get('intent') !== 'save')
    return { status: 'ok', code: 'supplierBuilt', data: { party: checked.party.data }, values };
  const db = await getDb();
  const cuit = normalizeCuit(values.cuit);
  const existing =
    formData.get('allow_duplicate') === 'yes'
      ? undefined
      : await findSupplierByCuit(db, operator.workspaceId, cuit);
  if (existing)
    return {
      status: 'error',
      code: 'supplierDuplicate',
      params: { cuit: formatCuit(cuit), name: existing.name, id: existing.id },
      values,
    };
  let id: string;
  try {
    ({
      entry: { id },
    } = await createEntry(db, operator.workspaceId, {
      body: { folder: 'suppliers', data: checked.party.data },
    }));
  } catch (error) {
    if (error instanceof DomainError)
      return errorState(error, values, { code: 'supplierNotSaved' });
    throw error;
  }
  return redirect({ href: `/console/suppliers/${id}`, locale: await getLocale() });
}

/** A supplier of the workspace with exactly this CUIT (the search matches parts; this keeps whole ones). */
async function findSupplierByCuit(db: Db, workspaceId: string, cuit: string) {
  const { list } = await findEntries(db, workspaceId, {
    folder: 'suppliers',
    query: cuit,
    page: 1,
    pageSize: 20,
  });
  const match = list.find((entry) => normalizeCuit(partyOf(entry.data).cuit) === cuit);
  return match ? { id: match.id, name: partyOf(match.data).name } : undefined;
}
