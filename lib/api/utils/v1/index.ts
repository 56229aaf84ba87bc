import { newRouter } from '../../context';
import { ping } from './ping';

export const utilsV1 = newRouter().route('/', ping);
