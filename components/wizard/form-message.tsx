/** Results of a form, announced to screen readers as they appear. */
export function FormMessage({ title, messages, tone = 'error' }: { title?: string; messages: string[]; tone?: 'error' | 'info' }) {
  const style = tone === 'error' ? 'border-red-700 bg-red-50 text-red-900' : 'border-sky-700 bg-sky-50 text-sky-900';
  return (
    <div aria-live="polite" aria-atomic="true" data-testid="form-message">
      {messages.length > 0 && (
        <div className={`rounded-md border-l-4 p-4 ${style}`}>
          {title && <p className="font-semibold">{title}</p>}
          <ul className={`${title ? 'mt-2 list-disc pl-5' : ''} space-y-1`}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
