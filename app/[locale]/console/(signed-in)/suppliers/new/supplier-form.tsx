'use client';

import { useActionState, useState } from 'react';
import { useTranslations } from 'next-intl';
import { supplierAction, type SupplierFormState } from './actions';
import { normalizeCuit } from '@/lib/arca/cuit';
import { Link } from '@/lib/i18n';
import { idle } from '@/components/forms/action-state';
import { CuitField } from '@/components/console/cuit-field';
import { FormStatus } from '@/components/console/form-status';
import {
  buttonClass,
  Field,
  inputClass,
  linkClass,
  secondaryButtonClass,
} from '@/components/console/ui';

const PARTY_SCHEMA = 'https://gobl.org/draft-0/org/party';

export function SupplierForm() {
  const t = useTranslations('console.suppliers.form');
  const tc = useTranslations('console.cuit');
  const [state, action, pending] = useActionState<SupplierFormState, FormData>(
    supplierAction,
    idle,
  );
  const values =
    state.status === 'idle' ? { name: '', cuit: '' } : (state.values ?? { name: '', cuit: '' });
  const fields = state.status === 'error' ? (state.fields ?? {}) : {};
  const [name, setName] = useState(values.name);
  const [cuit, setCuit] = useState(values.cuit);
  // The JSON follows the fields as typed; after "Build" it shows the server's normalised party.
  const draft = {
    $schema: PARTY_SCHEMA,
    name: name.trim(),
    tax_id: { country: 'AR', code: normalizeCuit(cuit) },
  };
  const duplicate =
    state.status === 'error' && state.code === 'supplierDuplicate'
      ? { id: String(state.params?.id), name: String(state.params?.name) }
      : undefined;
  const built =
    state.status === 'ok' && state.values?.name === name && state.values?.cuit === cuit
      ? state.data.party
      : undefined;
  return (
    <form action={action} className="space-y-5">
      <Field
        label={t('name')}
        name="name"
        error={
          fields.name
            ? t(fields.name === 'name_unstorable' ? 'nameUnstorable' : 'nameRequired')
            : undefined
        }
      >
        <input
          id="name"
          name="name"
          required
          autoComplete="organization"
          defaultValue={values.name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={!!fields.name || undefined}
          aria-describedby={fields.name ? 'name-error' : undefined}
          className={inputClass}
        />
      </Field>
      <CuitField
        label={t('cuit')}
        defaultValue={values.cuit}
        serverError={fields.cuit ? tc(fields.cuit) : undefined}
        onValue={setCuit}
      />
      <details className="rounded-md border border-slate-200 bg-slate-50 p-3" open={!!built}>
        <summary className="cursor-pointer font-medium">{t('advanced')}</summary>
        <p className="mt-2 text-sm text-slate-700">{built ? t('builtHelp') : t('advancedHelp')}</p>
        <pre
          className="mt-2 overflow-x-auto rounded bg-white p-3 text-xs text-slate-900"
          data-testid="party-json"
          tabIndex={0}
          aria-label={t('advanced')}
        >
          {JSON.stringify(built ?? draft, null, 2)}
        </pre>
      </details>
      <FormStatus result={state} />
      {duplicate ? (
        <div
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="duplicate-cuit"
        >
          <Link href={`/console/suppliers/${duplicate.id}`} className={linkClass}>
            {t('duplicateOpen', { name: duplicate.name })}
          </Link>
          <label className="flex items-start gap-2">
            <input type="checkbox" name="allow_duplicate" value="yes" className="mt-1" />
            <span>{t('saveAnyway')}</span>
          </label>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="build"
          className={secondaryButtonClass}
          disabled={pending}
        >
          {t('build')}
        </button>
        <button type="submit" name="intent" value="save" className={buttonClass} disabled={pending}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}
