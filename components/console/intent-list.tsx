import { getFormatter, getTranslations } from 'next-intl/server';
import type { Job, JobEvent, Step } from '@/lib/transform';
import { attemptLabel } from './attempt-label';
import { isEntryState, isJobStatus, StatusBadge } from './badges';
import { eventText } from './event-text';
import type { DocumentKind } from './job-subject';
import { isStepProvider, providerKey } from './provider-key';

type Intent = Job['intents'][number];
type Translate = Awaited<ReturnType<typeof getTranslations<'console'>>>;

/** Every intent (one per step run) with every event; webhook attempts carry HTTP status and latency. */
export async function IntentList({
  intents,
  steps,
  documentKind,
}: {
  intents: Job['intents'];
  steps: Step[];
  documentKind: DocumentKind;
}) {
  const t = await getTranslations('console');
  const format = await getFormatter();
  if (intents.length === 0) return <p className="text-slate-700">{t('jobs.noIntents')}</p>;
  const stateOf = (intent: Intent) => {
    const state = (
      steps.find((step) => step.id === intent.stepId)?.config as { state?: string } | undefined
    )?.state;
    return state && isEntryState(state) ? t(`states.${state}`) : state;
  };
  return (
    <ol className="space-y-4" data-testid="intent-list">
      {intents.map((intent) => (
        <li key={intent.id} className="rounded-md border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold">
              {intentTitle(t, intent, stateOf(intent))}{' '}
              <code className="text-xs font-normal text-slate-600">{intent.provider}</code>
              {intent.rescue ? (
                <span className="ml-2 text-sm font-normal text-slate-700">
                  ({t('jobs.rescue')})
                </span>
              ) : null}
            </h3>
            <StatusBadge status={intent.status} />
          </div>
          <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3 text-sm">
            {intent.events.map((event, index) => {
              const text = eventText(t, intent.provider, event, stateOf(intent), documentKind);
              const attempt = attemptLabel(event);
              return (
                <li key={index} className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-xs font-semibold" data-status={event.status}>
                    {isJobStatus(event.status) ? t(`statuses.${event.status}`) : event.status}
                  </span>
                  <time dateTime={event.at} className="text-slate-600">
                    {format.dateTime(new Date(event.at), {
                      timeStyle: 'medium',
                      dateStyle: 'short',
                    })}
                  </time>
                  {attempt ? (
                    <span>
                      {attempt.key === 'attempt'
                        ? t('jobs.attempt', attempt.values)
                        : t('jobs.attempts', attempt.values)}
                    </span>
                  ) : null}
                  {event.http_status !== undefined ? <span>HTTP {event.http_status}</span> : null}
                  {event.duration_ms !== undefined ? (
                    <span>{t('jobs.duration', { ms: event.duration_ms })}</span>
                  ) : null}
                  {event.code ? <code className="text-xs">{event.code}</code> : null}
                  {text ? (
                    <span className="basis-full break-words text-slate-800">{text}</span>
                  ) : null}
                  {/* What the receiver or the network said is kept as is (the API's words), marked as such. */}
                  {text && event.message && showsDetail(intent.provider, event) ? (
                    <span lang="en" className="basis-full break-words text-xs text-slate-600">
                      {t('jobs.technical', { detail: event.message })}
                    </span>
                  ) : null}
                  {!text && event.message ? (
                    <span lang="en" className="basis-full break-words text-slate-800">
                      {event.message}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function intentTitle(t: Translate, intent: Intent, state: string | undefined): string {
  // The runner's own check (refuse-mismatched-entry.ts) stands in for a step that never ran.
  if (intent.events.some((e) => e.code === 'workflow_schema_mismatch'))
    return t('jobs.schemaGuard');
  if (intent.provider === 'silo.state' && state) return t('jobs.setStateTo', { state });
  return isStepProvider(intent.provider)
    ? t(`workflows.providers.${providerKey(intent.provider)}`)
    : intent.name;
}

const showsDetail = (provider: string, event: JobEvent) =>
  provider === 'webhook' && (event.status === 'ERR' || event.status === 'KO');
