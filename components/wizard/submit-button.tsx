'use client';

import { useFormStatus } from 'react-dom';

/** A submit button that says what is happening and cannot be pressed twice while pending. */
export function SubmitButton({
  label,
  pendingLabel,
  variant = 'primary',
  name,
  value,
}: {
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
  name?: string;
  value?: string;
}) {
  const { pending } = useFormStatus();
  const style =
    variant === 'primary'
      ? 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-500'
      : 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500';
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={pending}
      className={`inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2.5 font-semibold ${style}`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
