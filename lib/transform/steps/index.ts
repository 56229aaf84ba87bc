import type { StepProvider } from '../schemas';
import type { StepHandler } from '../runner/types';
import { govArRegister } from './gov-ar-register';
import { govArWaitAuthorization } from './gov-ar-wait-authorization';
import { siloState } from './silo-state';
import { webhook } from './webhook';

export const STEP_HANDLERS: Record<StepProvider, StepHandler> = {
  'silo.state': siloState,
  'gov-ar.register': govArRegister,
  webhook,
  'gov-ar.wait.authorization': govArWaitAuthorization,
};
