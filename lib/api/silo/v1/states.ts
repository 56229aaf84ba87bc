import { createRoute, z } from '@hono/zod-openapi';
import { DomainError } from '@/lib/errors';
import type { Db } from '@/lib/db';
import { addEntryState, entryStateBody } from '@/lib/silo';
import type { ApiPrincipal } from '@/lib/workspaces';
import { bearerSecurity, newRouter } from '../../context';
import { bodyErrors, commonErrors, json, notFoundError, validationError } from '../../responses';
import { toEntryStateDto } from './to-entry';
import { EntryStateSchema, IdParamSchema, TimestampQuerySchema } from './schemas';

const CreateStateSchema = entryStateBody.meta({ id: 'CreateEntryState' });
const body = { content: { 'application/json': { schema: CreateStateSchema } }, required: true };
const responses = {
  200: json(EntryStateSchema, 'The state as recorded (the one already recorded when repeated)'),
  ...commonErrors,
  ...bodyErrors,
  ...notFoundError,
  ...validationError,
};
const AtParamSchema = IdParamSchema.extend({
  at: TimestampQuerySchema.openapi({ param: { name: 'at', in: 'path' } }),
});

const routes = {
  post: createRoute({
    method: 'post',
    path: '/entries/{id}/states',
    summary:
      "Add a client's state (e.g. paid) to an entry's history; the entry's own state does not move",
    security: bearerSecurity,
    request: { params: IdParamSchema, body },
    responses,
  }),
  put: createRoute({
    method: 'put',
    path: '/entries/{id}/states/{at}',
    summary:
      'Add a state at a given time (ISO 8601, milliseconds); the same key and time again answers it',
    security: bearerSecurity,
    request: { params: AtParamSchema, body },
    responses,
  }),
};

const entryNotFound = () =>
  new DomainError({
    kind: 'not_found',
    code: 'entry_not_found',
    detail: 'No entry with this id in this workspace.',
  });

/** Recorded as the API key's: Invopop's `src` names who added a state. */
async function add(
  db: Db,
  principal: ApiPrincipal,
  id: string,
  json: z.infer<typeof CreateStateSchema>,
  at?: Date,
) {
  const state = await addEntryState(db, principal.workspaceId, id, {
    body: json,
    src: 'api-key',
    srcId: principal.keyId,
    at,
  });
  if (!state) throw entryNotFound();
  return EntryStateSchema.parse(toEntryStateDto(state));
}

export const statesV1 = newRouter()
  .openapi(routes.post, async (c) => {
    const state = await add(
      c.get('db'),
      c.get('principal'),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(state, 200);
  })
  .openapi(routes.put, async (c) => {
    const { id, at } = c.req.valid('param');
    const state = await add(c.get('db'), c.get('principal'), id, c.req.valid('json'), new Date(at));
    return c.json(state, 200);
  });
