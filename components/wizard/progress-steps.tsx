import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n';
import { canOpenStep, WIZARD_STEPS, type WizardStep } from '@/lib/registration';

/** Where the supplier is; steps already reached are links, later ones are plain text. */
export async function ProgressSteps({
  base,
  current,
  reached,
}: {
  base: string;
  current: WizardStep;
  reached: WizardStep;
}) {
  const t = await getTranslations('wizard.progress');
  const index = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label={t('label')} className="mb-8">
      <p className="mb-2 text-sm font-medium text-slate-700">
        {t('step', { current: index + 1, total: WIZARD_STEPS.length })}
      </p>
      <ol className="flex gap-1" role="list">
        {WIZARD_STEPS.map((step, i) => {
          const state = i < index ? 'bg-brand-700' : i === index ? 'bg-brand-800' : 'bg-slate-300';
          const label = t(step);
          const open = canOpenStep(reached, step) && step !== current && reached !== 'done';
          return (
            <li key={step} className="flex-1" aria-current={step === current ? 'step' : undefined}>
              <span aria-hidden="true" className={`block h-1.5 rounded-full ${state}`} />
              {open ? (
                <Link
                  href={`${base}/${step}`}
                  className="mt-1 hidden text-xs text-slate-700 underline sm:block"
                >
                  {label}
                </Link>
              ) : (
                <span
                  className={`mt-1 hidden text-xs sm:block ${step === current ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
                >
                  {label}
                </span>
              )}
              <span className="sr-only sm:hidden">{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
