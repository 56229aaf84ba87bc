import { getFormatter, getTranslations } from 'next-intl/server';
import type { Job } from '@/lib/transform';
import { StatusBadge } from './badges';

/** Every intent (one per step run) with every event; webhook attempts carry HTTP status and latency. */
export async function IntentList({ intents }: { intents: Job['intents'] }) {
  const t = await getTranslations('console.jobs');
  const format = await getFormatter();
  if (intents.length === 0) return <p className="text-slate-700">{t('noIntents')}</p>;
  return (
    <ol className="space-y-4" data-testid="intent-list">
      {intents.map((intent) => (
        <li key={intent.id} className="rounded-md border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold">
              {intent.name} <code className="text-xs font-normal text-slate-600">{intent.provider}</code>
              {intent.rescue ? <span className="ml-2 text-sm font-normal text-slate-700">({t('rescue')})</span> : null}
            </h3>
            <StatusBadge status={intent.status} />
          </div>
          <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3 text-sm">
            {intent.events.map((event) => (
              <li key={event.index} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-mono text-xs font-semibold">{event.status}</span>
                <time dateTime={event.at} className="text-slate-600">
                  {format.dateTime(new Date(event.at), { timeStyle: 'medium', dateStyle: 'short' })}
                </time>
                {event.attempt !== undefined ? <span>{t('attempt', { attempt: event.attempt })}</span> : null}
                {event.http_status !== undefined ? <span>HTTP {event.http_status}</span> : null}
                {event.duration_ms !== undefined ? <span>{t('duration', { ms: event.duration_ms })}</span> : null}
                {event.code ? <code className="text-xs">{event.code}</code> : null}
                {event.message ? <span className="basis-full break-words text-slate-800">{event.message}</span> : null}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
