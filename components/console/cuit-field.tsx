'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
// The pure CUIT module directly: lib/arca's index also carries node-only certificate code.
import { formatCuit, normalizeCuit, validateCuit } from '@/lib/arca/cuit';
import { inputClass } from './ui';

/** CUIT input checked as typed (after 11 digits or on leaving the field); the server checks again. */
export function CuitField({
  label,
  defaultValue,
  serverError,
  onValue,
}: {
  label: string;
  defaultValue: string;
  serverError?: string;
  onValue?: (value: string) => void;
}) {
  const t = useTranslations('console.cuit');
  const [value, setValue] = useState(defaultValue);
  const [touched, setTouched] = useState(!!serverError);
  const result = validateCuit(value);
  const ready = touched || normalizeCuit(value).length >= 11;
  const problem = !result.ok && ready ? result.problem : undefined;
  const message = problem
    ? t(problem)
    : result.ok
      ? t('valid', { cuit: formatCuit(result.cuit) })
      : (serverError ?? '');
  return (
    <div>
      <label htmlFor="cuit" className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id="cuit"
        name="cuit"
        inputMode="numeric"
        autoComplete="off"
        placeholder="XX-XXXXXXXX-X"
        required
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onValue?.(event.target.value);
        }}
        onBlur={() => setTouched(true)}
        aria-invalid={!!problem || (!result.ok && !!serverError) || undefined}
        aria-describedby="cuit-hint cuit-check"
        className={inputClass}
      />
      <p id="cuit-hint" className="mt-1 text-sm text-slate-600">
        {t('hint')}
      </p>
      <p
        id="cuit-check"
        aria-live="polite"
        className={`mt-1 text-sm font-medium ${result.ok ? 'text-emerald-800' : 'text-red-800'}`}
      >
        {message}
      </p>
    </div>
  );
}
