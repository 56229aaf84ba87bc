import { useTranslations } from 'next-intl';
import type { JobStatus } from '@/lib/transform';

const STATE_TONES = {
  empty: 'bg-slate-100 text-slate-800 ring-slate-300',
  processing: 'bg-amber-50 text-amber-900 ring-amber-300',
  registered: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  sent: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  error: 'bg-red-50 text-red-900 ring-red-300',
};

const STATUS_TONES: Record<JobStatus, string> = {
  OK: STATE_TONES.registered,
  RUN: 'bg-sky-50 text-sky-900 ring-sky-300',
  QUEUED: STATE_TONES.processing,
  ERR: 'bg-orange-50 text-orange-900 ring-orange-300',
  KO: STATE_TONES.error,
  SKIP: STATE_TONES.empty,
};

const base =
  'relative inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap';

export const isEntryState = (state: string): state is keyof typeof STATE_TONES =>
  Object.hasOwn(STATE_TONES, state);
/** True for a status read back from a stored job or event that this version knows. */
export const isJobStatus = (status: string): status is JobStatus =>
  Object.hasOwn(STATUS_TONES, status);

/** Entry state (Empty, Processing, Registered, Sent, Error). */
export function StateBadge({ state }: { state: string }) {
  const t = useTranslations('console.states');
  return (
    <span className={`${base} ${isEntryState(state) ? STATE_TONES[state] : STATE_TONES.empty}`}>
      {isEntryState(state) ? t(state) : state}
    </span>
  );
}

/** Job and intent status (RUN, QUEUED, OK, ERR, SKIP, KO), named in the console's language. */
export function StatusBadge({ status }: { status: string }) {
  const t = useTranslations('console.statuses');
  return (
    <span
      className={`${base} ${isJobStatus(status) ? STATUS_TONES[status] : STATE_TONES.empty}`}
      data-status={status}
    >
      {isJobStatus(status) ? t(status) : status}
    </span>
  );
}
