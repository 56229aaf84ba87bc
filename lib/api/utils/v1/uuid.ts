import { createRoute, z } from '@hono/zod-openapi';
import { v1 as uuidv1, v3 as uuidv3, v4 as uuidv4, v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { bearerSecurity, newRouter } from '../../context';
import { commonErrors, json, validationError } from '../../responses';

const UuidSchema = z
  .object({
    uuid: z.uuid().openapi({ example: '01938a5e-7c1d-7a43-9f8e-2b1c6d4e5f60' }),
    version: z.enum(['1', '3', '4', '5', '7']).openapi({ example: '7' }),
  })
  .openapi('UtilsUuid');

// As Invopop's: `v` picks the version; 3 and 5 name a UUID by `key` inside the `base` namespace.
const UuidQuerySchema = z
  .object({
    v: z
      .enum(['1', '3', '4', '5', '7'])
      .default('7')
      .openapi({ description: 'UUID version: 1, 3, 4, 5 or 7 (default 7, time-based)' }),
    base: z.uuid().optional().openapi({ description: 'Namespace UUID for versions 3 and 5' }),
    key: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: 'Name for versions 3 and 5' }),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (query.v !== '3' && query.v !== '5') return;
    if (!query.base)
      ctx.addIssue({ code: 'custom', path: ['base'], message: 'required for v3/v5' });
    if (!query.key) ctx.addIssue({ code: 'custom', path: ['key'], message: 'required for v3/v5' });
  });

const uuidRoute = createRoute({
  method: 'get',
  path: '/uuid',
  summary:
    'A new UUID (time-based v7 unless `v` says otherwise), e.g. for PUT /transform/v1/jobs/{id}',
  security: bearerSecurity,
  request: { query: UuidQuerySchema },
  responses: {
    200: json(UuidSchema, 'The UUID and its version'),
    ...commonErrors,
    ...validationError,
  },
});

const generate = (query: z.infer<typeof UuidQuerySchema>) => {
  if (query.v === '1') return uuidv1();
  if (query.v === '3') return uuidv3(query.key!, query.base!);
  if (query.v === '4') return uuidv4();
  if (query.v === '5') return uuidv5(query.key!, query.base!);
  return uuidv7();
};

export const uuid = newRouter().openapi(uuidRoute, (c) => {
  const query = c.req.valid('query');
  return c.json(UuidSchema.parse({ uuid: generate(query), version: query.v }), 200);
});
