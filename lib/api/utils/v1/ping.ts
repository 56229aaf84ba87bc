import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, newRouter } from '../../context';
import { commonErrors, json } from '../../responses';

const PingSchema = z.object({ ping: z.literal('pong') }).openapi('Ping');

const pingRoute = createRoute({
  method: 'get',
  path: '/ping',
  summary: 'Checks that the API answers and the key is valid',
  security: bearerSecurity,
  responses: { 200: json(PingSchema, 'The API is up and the key is valid'), ...commonErrors },
});

export const ping = newRouter().openapi(pingRoute, (c) =>
  c.json(PingSchema.parse({ ping: 'pong' }), 200),
);
