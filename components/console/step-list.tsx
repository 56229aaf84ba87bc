import { useTranslations } from 'next-intl';
import type { Step } from '@/lib/transform';
import { NumberedSteps } from '@/components/ui/numbered-steps';
import { isEntryState } from './badges';
import type { DocumentKind } from './job-subject';
import { providerKey } from './provider-key';

/** A workflow's steps in order, with the settings an operator needs to recognise each one. */
export function StepList({ steps, documentKind }: { steps: Step[]; documentKind: DocumentKind }) {
  const t = useTranslations('console.workflows');
  const states = useTranslations('console.states');
  return (
    <NumberedSteps
      tone="muted"
      steps={steps.map((step) => {
        const config = (step.config ?? {}) as {
          state?: string;
          url?: string;
          event?: string;
          token?: string;
          headers?: Record<string, string>;
          locale?: string;
          layout?: string;
        };
        return {
          key: step.id,
          content: (
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium">
                {t(`providers.${providerKey(step.provider)}`)}{' '}
                <code className="ml-1 text-xs text-slate-600">{step.provider}</code>
              </p>
              {config.state ? (
                <p className="text-sm text-slate-700">
                  {t(`setsState.${documentKind}`, {
                    state: isEntryState(config.state) ? states(config.state) : config.state,
                  })}
                </p>
              ) : null}
              {config.url ? (
                <p className="break-all text-sm text-slate-700">
                  {t('postsTo', { url: config.url })}
                </p>
              ) : null}
              {config.event ? (
                <p className="text-sm text-slate-700">{t('event', { event: config.event })}</p>
              ) : null}
              {config.token ? <p className="text-sm text-slate-700">{t('tokenSet')}</p> : null}
              {config.headers && Object.keys(config.headers).length ? (
                <p className="break-all text-sm text-slate-700">
                  {t('headers', { names: Object.keys(config.headers).join(', ') })}
                </p>
              ) : null}
              {step.provider === 'pdf' ? (
                <p className="text-sm text-slate-700">
                  {t('pdfSettings', {
                    locale:
                      config.locale === 'en' ? t('form.pdf.locales.en') : t('form.pdf.locales.es'),
                    layout: config.layout === 'letter' ? t('form.pdf.layouts.letter') : 'A4',
                  })}
                </p>
              ) : null}
            </div>
          ),
        };
      })}
    />
  );
}
