import type { JobEvent } from '@/lib/transform';

type AttemptLabel =
  | { key: 'attempt'; values: { attempt: number } }
  | { key: 'attempts'; values: { from: number; to: number } };

/** An event's attempt number; an event folded from several runs names the range it stands for (its `attempt` is the last one's). */
export function attemptLabel({
  attempt,
  runs,
}: Pick<JobEvent, 'attempt' | 'runs'>): AttemptLabel | undefined {
  if (attempt === undefined) return undefined;
  if (runs !== undefined && runs > 1)
    return { key: 'attempts', values: { from: attempt - runs + 1, to: attempt } };
  return { key: 'attempt', values: { attempt } };
}
