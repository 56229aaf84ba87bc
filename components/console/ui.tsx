import type { ReactNode } from 'react';

export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100';
export const dangerButtonClass =
  'relative inline-flex items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50';
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600';
export const linkClass =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-slate-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Card({
  title,
  id,
  children,
}: {
  title?: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {title ? (
        <h2 id={id} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

export function Field({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Field rows as a definition list: label above value on phones, side by side from `sm`. */
export function DataList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    // Side by side only where the card (not the window) is wide enough: a narrow card in a wide page
    // stacks them, so a long label never runs into its value.
    <dl className="@container divide-y divide-slate-100">
      {items.map((item) => (
        <div key={item.label} className="grid gap-1 py-2 @sm:grid-cols-3 @sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
          <dd className="min-w-0 break-words text-sm text-slate-900 @sm:col-span-2">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
      {children}
    </p>
  );
}
