import { CopyButton } from './copy-button';

/** A secret shown once: a read-only field to select, and a copy button. */
export function SecretReveal({
  id,
  label,
  value,
  copyLabel,
  warning,
}: {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  warning: string;
}) {
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4">
      <label htmlFor={id} className="block text-sm font-semibold text-amber-950">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
        data-testid={id}
      />
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton value={value} label={copyLabel} />
      </div>
      <p className="text-sm text-amber-950">{warning}</p>
    </div>
  );
}
