import type { ReactNode } from 'react';
import { ProgressSteps } from './progress-steps';
import type { WizardStep } from '@/lib/registration';

export async function StepHeading({
  base,
  step,
  reached,
  title,
  children,
}: {
  base: string;
  step: WizardStep;
  reached: WizardStep;
  title: string;
  children?: ReactNode;
}) {
  return (
    <>
      <ProgressSteps base={base} current={step} reached={reached} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children && <div className="mt-3 text-slate-700">{children}</div>}
    </>
  );
}
