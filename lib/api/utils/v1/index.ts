import { newRouter } from '../../context';
import { ping } from './ping';
import { uuid } from './uuid';

export const utilsV1 = newRouter().route('/', ping).route('/', uuid);
