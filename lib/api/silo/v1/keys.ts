import { createRoute, z } from '@hono/zod-openapi';
import { workspaceJwks } from '@/lib/signing';
import { bearerSecurity, newRouter } from '../../context';
import { commonErrors, json } from '../../responses';

const JwkSchema = z
  .object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
    kid: z.string().openapi({ description: 'The key id (a UUID) each signature names' }),
    alg: z.literal('ES256'),
    use: z.literal('sig'),
  })
  .openapi('SiloPublicKey');

const JwksSchema = z.object({ keys: z.array(JwkSchema) }).openapi('SiloKeySet', {
  description: "The workspace's public signing keys, a JSON Web Key Set (RFC 7517)",
});

const route = createRoute({
  method: 'get',
  path: '/keys',
  summary:
    "The workspace's public keys (a JWK set) that verify the `sigs` of its envelopes (JWS, ES256, by `kid`)",
  security: bearerSecurity,
  responses: {
    200: json(JwksSchema, "The workspace's public keys"),
    ...commonErrors,
  },
});

export const keysV1 = newRouter().openapi(route, async (c) => {
  const jwks = await workspaceJwks(c.get('db'), c.get('principal').workspaceId);
  return c.json(JwksSchema.parse(jwks), 200);
});
