import { OpenAPIHono } from '@hono/zod-openapi';
import { ping } from './ping';

export const utilsV1 = new OpenAPIHono().route('/', ping);
