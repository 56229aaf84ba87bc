/** The wizard's steps, in order; each is its own URL under /reg/<ref>/. */
export const WIZARD_STEPS = [
  'company',
  'certificate',
  'arca',
  'upload',
  'points-of-sale',
  'done',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const REGIMES = ['monotributista', 'responsable_inscripto', 'exento'] as const;
export type Regime = (typeof REGIMES)[number];

export function stepIndex(step: string): number {
  return WIZARD_STEPS.indexOf(step as WizardStep);
}

/** A supplier may go back to any step reached, never skip ahead of it. */
export function canOpenStep(reached: string, wanted: WizardStep): boolean {
  return stepIndex(wanted) <= Math.max(0, stepIndex(reached));
}

export function laterStep(a: string, b: WizardStep): WizardStep {
  return stepIndex(a) >= stepIndex(b) ? (a as WizardStep) : b;
}
