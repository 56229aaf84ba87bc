import { createRoute, z } from '@hono/zod-openapi';
import { buildInvoiceDocument, signInvoiceDocument } from '@/lib/invoices';
import { bearerSecurity, newRouter } from '../../context';
import { bodyErrors, commonErrors, json, validationError } from '../../responses';

const BuildBodySchema = z
  .object({
    data: z.record(z.string(), z.unknown()).openapi({
      description:
        'A GOBL invoice (bill/invoice), bare or in an envelope, to calculate and validate as GOBL builds it',
    }),
    envelop: z.boolean().optional().openapi({
      description: 'When true, the answer is a complete GOBL envelope instead of the bare invoice',
    }),
  })
  .openapi('SiloBuildGOBL');

const BuiltSchema = z
  .object({
    data: z.record(z.string(), z.unknown()).openapi({
      description: 'The built invoice, or an envelope around it',
    }),
  })
  .openapi('SiloGOBL');

const route = createRoute({
  method: 'post',
  path: '/gobl/build',
  summary:
    'Build and validate a GOBL invoice without storing it: the same checks and answers as creating the entry',
  security: bearerSecurity,
  request: {
    body: { content: { 'application/json': { schema: BuildBodySchema } }, required: true },
  },
  responses: {
    200: json(BuiltSchema, 'The invoice as GOBL builds it'),
    ...commonErrors,
    ...bodyErrors,
    ...validationError,
  },
});

const SignBodySchema = z
  .object({
    data: z.record(z.string(), z.unknown()).openapi({
      description:
        'A GOBL invoice (bill/invoice), bare or in an envelope, to calculate, validate and sign',
    }),
  })
  .openapi('SiloSignGOBL');

const signRoute = createRoute({
  method: 'post',
  path: '/gobl/sign',
  summary:
    "Build, validate and sign a GOBL invoice without storing it: the envelope with `sigs`, a JWS (ES256) over its head by the workspace's key (GET /silo/v1/keys)",
  security: bearerSecurity,
  request: {
    body: { content: { 'application/json': { schema: SignBodySchema } }, required: true },
  },
  responses: {
    200: json(BuiltSchema, 'The signed envelope'),
    ...commonErrors,
    ...bodyErrors,
    ...validationError,
  },
});

export const goblV1 = newRouter()
  .openapi(route, async (c) => {
    const { data, envelop } = c.req.valid('json');
    const built = await buildInvoiceDocument(
      c.get('db'),
      c.get('principal').workspaceId,
      data,
      envelop ?? false,
    );
    return c.json({ data: built }, 200);
  })
  .openapi(signRoute, async (c) => {
    const { data } = c.req.valid('json');
    const signed = await signInvoiceDocument(c.get('db'), c.get('principal').workspaceId, data);
    return c.json({ data: signed }, 200);
  });
