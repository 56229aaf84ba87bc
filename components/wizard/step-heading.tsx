import type { ReactNode } from 'react';
import { ProgressSteps } from './progress-steps';
import type { RegistrationView, WizardStep } from '@/lib/registration';
import { RenewalNotice } from './renewal-notice';

export async function StepHeading({
  base,
  step,
  reached,
  title,
  renewal = null,
  children,
}: {
  base: string;
  step: WizardStep;
  reached: WizardStep;
  title: string;
  renewal?: RegistrationView['renewal'];
  children?: ReactNode;
}) {
  return (
    <>
      <ProgressSteps base={base} current={step} reached={reached} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children && <div className="mt-3 text-slate-700">{children}</div>}
      <RenewalNotice renewal={renewal} />
    </>
  );
}
