import { useTranslations } from 'next-intl';
import { INVOICE_STATES, type InvoiceState } from '@/lib/invoices';

const TONES: Record<InvoiceState, string> = {
  empty: 'bg-slate-100 text-slate-800 ring-slate-300',
  processing: 'bg-amber-50 text-amber-900 ring-amber-300',
  sent: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  error: 'bg-red-50 text-red-900 ring-red-300',
};

const isInvoiceState = (state: string): state is InvoiceState =>
  (INVOICE_STATES as readonly string[]).includes(state);

/** An invoice's state in words (Sin enviar, Enviando, Autorizada, Error), never by colour alone. */
export function InvoiceStateBadge({ state }: { state: string }) {
  const t = useTranslations('console.invoices.states');
  return (
    <span
      data-state={state}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${isInvoiceState(state) ? TONES[state] : TONES.empty}`}
    >
      {isInvoiceState(state) ? t(state) : state}
    </span>
  );
}
