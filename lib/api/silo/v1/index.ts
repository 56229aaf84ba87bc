import { newRouter } from '../../context';
import { entriesV1 } from './entries';
import { envelopesV1 } from './envelopes';
import { goblV1 } from './gobl';
import { statesV1 } from './states';

export const siloV1 = newRouter()
  .route('/', entriesV1)
  .route('/', envelopesV1)
  .route('/', goblV1)
  .route('/', statesV1);
