import type { StepHandlers } from '../runner/types';
import { siloState } from './silo-state';
import { webhook } from './webhook';

/** The transform domain's own workflow steps, for the runner's step registry (lib/workflow-steps). */
export const TRANSFORM_STEP_HANDLERS: Pick<StepHandlers, 'silo.state' | 'webhook'> = {
  'silo.state': siloState,
  webhook,
};
