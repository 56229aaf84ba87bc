'use client';

import { useEffect, useRef } from 'react';

/**
 * Results of a form, announced to screen readers as they appear. Fields the messages are about
 * point here with `aria-describedby={id}`. Focus moves here whenever `focusOn` changes to a new
 * value while there are messages (each server answer, or a send held back in the browser), so a
 * keyboard or screen reader user lands on what went wrong.
 */
export function FormMessage({
  id,
  title,
  messages,
  tone = 'error',
  focusOn,
}: {
  id?: string;
  title?: string;
  messages: string[];
  tone?: 'error' | 'info';
  focusOn?: unknown;
}) {
  const box = useRef<HTMLDivElement>(null);
  const hasMessages = messages.length > 0;
  useEffect(() => {
    if (focusOn !== undefined && hasMessages) box.current?.focus();
  }, [focusOn, hasMessages]);
  const style =
    tone === 'error'
      ? 'border-red-700 bg-red-50 text-red-900'
      : 'border-sky-700 bg-sky-50 text-sky-900';
  return (
    <div
      id={id}
      ref={box}
      tabIndex={-1}
      aria-live="polite"
      aria-atomic="true"
      data-testid="form-message"
      className="outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      {hasMessages && (
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
