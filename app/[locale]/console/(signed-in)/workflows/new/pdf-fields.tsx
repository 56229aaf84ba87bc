'use client';

import { useTranslations } from 'next-intl';
import { PDF_LAYOUTS, PDF_LOCALES } from './pdf-options';
import { Field, inputClass } from '@/components/console/ui';
import type { WorkflowField } from './actions';

type PdfField = Extract<WorkflowField, `pdf_${string}`>;

/** The pdf step's settings (Invopop's "Generate PDF": locale, layout, date_format, logo_height, watermark). */
export function PdfFields({
  values,
  fields,
}: {
  values?: Record<WorkflowField, string>;
  fields: Partial<Record<WorkflowField, string>>;
}) {
  const t = useTranslations('console.workflows.form');
  const error = (name: Exclude<PdfField, 'pdf_locale' | 'pdf_layout'>) =>
    fields[name] ? t(`errors.${name}`) : undefined;
  const described = (name: PdfField) =>
    [`${name}-hint`, fields[name] ? `${name}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 font-semibold">{t('pdf.legend')}</legend>
      <p className="text-sm text-slate-700">{t('pdf.help')}</p>
      <Field label={t('pdf.locale')} name="pdf_locale" hint={t('pdf.localeHint')}>
        <select
          id="pdf_locale"
          name="pdf_locale"
          defaultValue={values?.pdf_locale || 'es'}
          aria-describedby="pdf_locale-hint"
          className={inputClass}
        >
          {PDF_LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {t(`pdf.locales.${locale}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('pdf.layout')} name="pdf_layout">
        <select
          id="pdf_layout"
          name="pdf_layout"
          defaultValue={values?.pdf_layout || 'A4'}
          className={inputClass}
        >
          {PDF_LAYOUTS.map((layout) => (
            <option key={layout} value={layout}>
              {t(`pdf.layouts.${layout}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t('pdf.dateFormat')}
        name="pdf_date_format"
        hint={t('pdf.dateFormatHint')}
        error={error('pdf_date_format')}
      >
        <input
          id="pdf_date_format"
          name="pdf_date_format"
          placeholder="%d/%m/%Y"
          defaultValue={values?.pdf_date_format}
          aria-invalid={!!fields.pdf_date_format || undefined}
          aria-describedby={described('pdf_date_format')}
          className={inputClass}
        />
      </Field>
      <Field
        label={t('pdf.logoHeight')}
        name="pdf_logo_height"
        hint={t('pdf.logoHeightHint')}
        error={error('pdf_logo_height')}
      >
        <input
          id="pdf_logo_height"
          name="pdf_logo_height"
          inputMode="numeric"
          defaultValue={values?.pdf_logo_height}
          aria-invalid={!!fields.pdf_logo_height || undefined}
          aria-describedby={described('pdf_logo_height')}
          className={inputClass}
        />
      </Field>
      <Field
        label={t('pdf.watermark')}
        name="pdf_watermark"
        hint={t('pdf.watermarkHint')}
        error={error('pdf_watermark')}
      >
        <input
          id="pdf_watermark"
          name="pdf_watermark"
          defaultValue={values?.pdf_watermark}
          aria-invalid={!!fields.pdf_watermark || undefined}
          aria-describedby={described('pdf_watermark')}
          className={inputClass}
        />
      </Field>
    </fieldset>
  );
}
