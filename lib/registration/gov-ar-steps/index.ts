import type { StepHandlers } from '@/lib/transform';
import { govArRegister } from './gov-ar-register';
import { govArWaitAuthorization } from './gov-ar-wait-authorization';

/** The registration domain's workflow steps, for the runner's step registry (lib/workflow-steps). */
export const GOV_AR_STEP_HANDLERS: Pick<
  StepHandlers,
  'gov-ar.register' | 'gov-ar.wait.authorization'
> = {
  'gov-ar.register': govArRegister,
  'gov-ar.wait.authorization': govArWaitAuthorization,
};
