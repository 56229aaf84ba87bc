'use client';

import { useActionState } from 'react';
import { SubmitButton } from './submit-button';
import { useFollowMove } from './use-follow-move';

type Moved = { status: 'moved'; href: string };
export type StepAction = (state: Moved | undefined) => Promise<Moved>;

/**
 * A form that is only a button: the action (bound on the server, see the pages) does the step's
 * work and answers where to go next, and the page goes there (useFollowMove). Posted without
 * JavaScript, the action answers a redirect instead.
 */
export function StepForm({
  action: move,
  label,
  pendingLabel,
  variant,
}: {
  action: StepAction;
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  const [state, action] = useActionState<Moved | undefined>(move, undefined);
  useFollowMove(state ?? { status: 'idle' });
  return (
    <form action={action}>
      <SubmitButton label={label} pendingLabel={pendingLabel} variant={variant} />
    </form>
  );
}
