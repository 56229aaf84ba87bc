import { newRouter } from '../../context';
import { entriesV1 } from './entries';
import { envelopesV1 } from './envelopes';

export const siloV1 = newRouter().route('/', entriesV1).route('/', envelopesV1);
