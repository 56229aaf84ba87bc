import type { JobEvent } from '../job';

// An intent keeps its first run (when the step started), one event standing for the runs between,
// and its last runs in full: a step retried for hours cannot grow its job without bound.
const HEAD_EVENTS = 2;
const TAIL_EVENTS = 6;
export const MAX_INTENT_EVENTS = HEAD_EVENTS + 1 + TAIL_EVENTS;

/** The intent's events after a run's `added` events, with the middle runs folded once there are too many. */
export function appendEvents(
  previous: readonly JobEvent[],
  added: readonly JobEvent[],
): JobEvent[] {
  const all = [...previous, ...added];
  if (all.length <= MAX_INTENT_EVENTS) return all;
  const head = all.slice(0, HEAD_EVENTS);
  const folded = all.slice(HEAD_EVENTS, all.length - TAIL_EVENTS);
  return [...head, summarise(folded, runsIn(head) + 1), ...all.slice(-TAIL_EVENTS)];
}

/** Runs an event list covers: one per RUN event, plus those an earlier summary stands for. */
function runsIn(events: readonly JobEvent[]): number {
  return events.reduce((sum, e) => sum + (e.runs ?? (e.status === 'RUN' ? 1 : 0)), 0);
}

function summarise(folded: readonly JobEvent[], from: number): JobEvent {
  const runs = runsIn(folded);
  const outcomes = folded.filter((e) => e.status !== 'RUN');
  const last =
    outcomes.filter((e) => e.runs === undefined).at(-1) ?? outcomes.at(-1) ?? folded.at(-1)!;
  const range = runs > 1 ? `attempts ${from}–${from + runs - 1}` : `attempt ${from}`;
  const verb = outcomes.length > 0 && outcomes.every((e) => e.status === 'ERR') ? 'failed' : 'ran';
  // The summary keeps the last run's status, attempt, HTTP status and code; one latency would mislead.
  const { duration_ms: latency, message, ...fields } = last;
  void latency;
  return {
    ...fields,
    at: folded.at(-1)!.at,
    runs,
    message: `${range} ${verb}; the last: ${message ?? last.status}`,
  };
}
