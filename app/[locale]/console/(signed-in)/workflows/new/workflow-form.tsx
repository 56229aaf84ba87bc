'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n';
import { createWorkflowAction, type WorkflowField, type WorkflowFormState } from './actions';
import { CONSOLE_TEMPLATES } from './console-templates';
import { PdfFields } from './pdf-fields';
import { idle } from '@/components/forms/action-state';
import { FormStatus } from '@/components/console/form-status';
import { SecretReveal } from '@/components/console/secret-reveal';
import { buttonClass, Field, inputClass, linkClass } from '@/components/console/ui';

export function WorkflowForm() {
  const t = useTranslations('console.workflows.form');
  const [state, action, pending] = useActionState<WorkflowFormState, FormData>(
    createWorkflowAction,
    idle,
  );
  if (state.status === 'ok') {
    return (
      <div className="space-y-4">
        <FormStatus result={state} />
        <SecretReveal
          id="webhook-secret"
          label={t('secretLabel')}
          value={state.data.secret}
          copyLabel={t('copySecret')}
          warning={t('secretOnce')}
        />
        <Link href={`/console/workflows/${state.data.workflowId}`} className={linkClass}>
          {t('viewWorkflow')}
        </Link>
      </div>
    );
  }
  const values = state.status === 'error' ? state.values : undefined;
  const fields = state.status === 'error' ? (state.fields ?? {}) : {};
  const error = (
    name: Exclude<Extract<WorkflowField, `webhook_${string}`>, 'webhook_certificates'>,
  ) => (fields[name] ? t(`errors.${name}`) : undefined);
  const described = (name: WorkflowField, hint = false) =>
    [hint ? `${name}-hint` : '', fields[name] ? `${name}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <form action={action} className="space-y-5">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">{t('template')}</legend>
        {CONSOLE_TEMPLATES.map((template, index) => (
          <label key={template} className="flex items-start gap-3">
            <input
              type="radio"
              name="template"
              value={template}
              defaultChecked={values ? values.template === template : index === 0}
              aria-describedby={`template-${template}-help`}
              className="mt-1.5"
            />
            <span>
              <span className="block text-slate-800">{t(`templates.${template}.name`)}</span>
              <span id={`template-${template}-help`} className="block text-sm text-slate-600">
                {t(`templates.${template}.help`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
        <legend className="px-1 font-semibold">{t('webhookLegend')}</legend>
        <p className="text-sm text-slate-700">{t('webhookHelp')}</p>
        <Field label={t('url')} name="webhook_url" hint={t('urlHint')} error={error('webhook_url')}>
          <input
            id="webhook_url"
            name="webhook_url"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={values?.webhook_url}
            aria-invalid={!!fields.webhook_url || undefined}
            aria-describedby={described('webhook_url', true)}
            className={inputClass}
          />
        </Field>
        <Field
          label={t('event')}
          name="webhook_event"
          hint={t('eventHint')}
          error={error('webhook_event')}
        >
          <input
            id="webhook_event"
            name="webhook_event"
            defaultValue={values?.webhook_event}
            aria-invalid={!!fields.webhook_event || undefined}
            aria-describedby={described('webhook_event', true)}
            className={inputClass}
          />
        </Field>
        <div className="flex items-start gap-2">
          <input
            id="webhook_certificates"
            name="webhook_certificates"
            type="checkbox"
            value="yes"
            defaultChecked={values?.webhook_certificates === 'yes'}
            aria-describedby="webhook_certificates-help"
            className="mt-1"
          />
          <span>
            <label htmlFor="webhook_certificates" className="block font-medium">
              {t('certificates')}
            </label>
            <span id="webhook_certificates-help" className="block text-sm text-slate-600">
              {t('certificatesHint')}
            </span>
          </span>
        </div>
        <Field
          label={t('token')}
          name="webhook_token"
          hint={t('tokenHint')}
          error={error('webhook_token')}
        >
          <input
            id="webhook_token"
            name="webhook_token"
            type="password"
            autoComplete="off"
            defaultValue={values?.webhook_token}
            aria-describedby={described('webhook_token', true)}
            className={inputClass}
          />
        </Field>
        <Field
          label={t('headers')}
          name="webhook_headers"
          hint={t('headersHint')}
          error={error('webhook_headers')}
        >
          <textarea
            id="webhook_headers"
            name="webhook_headers"
            rows={3}
            defaultValue={values?.webhook_headers}
            aria-invalid={!!fields.webhook_headers || undefined}
            aria-describedby={described('webhook_headers', true)}
            className={`${inputClass} font-mono text-sm`}
          />
        </Field>
      </fieldset>
      <PdfFields values={values} fields={fields} />
      <FormStatus result={state} />
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? t('creating') : t('create')}
      </button>
    </form>
  );
}
