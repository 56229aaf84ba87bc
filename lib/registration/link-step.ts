import type { WizardStep } from './steps';

/** Where the link itself sends the supplier: the furthest step reached, or done once registered. */
export function linkStep(registration: {
  step: WizardStep;
  authorizedAt: string | null;
  renewal: unknown;
}): WizardStep {
  return registration.authorizedAt && !registration.renewal ? 'done' : registration.step;
}
