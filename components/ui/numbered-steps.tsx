import type { ReactNode } from 'react';

interface NumberedStep {
  key: string;
  content: ReactNode;
  /** A done step shows a check mark instead of its number. */
  done?: boolean;
}

const TONES = {
  brand: 'bg-brand-700 text-white',
  muted: 'bg-slate-200 text-slate-800',
  done: 'bg-emerald-700 text-white',
} as const;

/** An ordered list whose items are marked by a numbered circle (the number is decoration; the list is ordered for screen readers). */
export function NumberedSteps({
  steps,
  tone = 'brand',
  className = 'space-y-3',
}: {
  steps: NumberedStep[];
  tone?: 'brand' | 'muted';
  className?: string;
}) {
  return (
    <ol className={className}>
      {steps.map((step, index) => (
        <li key={step.key} className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${TONES[step.done ? 'done' : tone]}`}
          >
            {step.done ? '✓' : index + 1}
          </span>
          {step.content}
        </li>
      ))}
    </ol>
  );
}
