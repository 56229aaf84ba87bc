import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';

const PingSchema = z.object({ ping: z.literal('pong') }).openapi('Ping');

const pingRoute = createRoute({
  method: 'get',
  path: '/ping',
  summary: 'Checks that the API answers',
  responses: {
    200: { description: 'The API is up', content: { 'application/json': { schema: PingSchema } } },
  },
});

export const ping = new OpenAPIHono().openapi(pingRoute, (c) => c.json(PingSchema.parse({ ping: 'pong' }), 200));
