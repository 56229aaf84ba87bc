import { newRouter } from '../../context';
import { entriesV1 } from './entries';
import { envelopesV1 } from './envelopes';
import { filesV1 } from './files';
import { goblV1 } from './gobl';
import { keysV1 } from './keys';
import { statesV1 } from './states';

export const siloV1 = newRouter()
  .route('/', entriesV1)
  .route('/', envelopesV1)
  .route('/', goblV1)
  .route('/', keysV1)
  .route('/', filesV1)
  .route('/', statesV1);
