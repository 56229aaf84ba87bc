import { newRouter } from '../../context';
import { jobsV1 } from './jobs';
import { workflowsV1 } from './workflows';

export const transformV1 = newRouter().route('/', workflowsV1).route('/', jobsV1);
