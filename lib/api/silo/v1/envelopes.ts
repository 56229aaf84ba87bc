import { createRoute } from '@hono/zod-openapi';
import { listEntries } from '@/lib/silo';
import { bearerSecurity, newRouter } from '../../context';
import { commonErrors, json, validationError } from '../../responses';
import { toEntryListDto } from './to-entry';
import { EntryListSchema, ListQuerySchema } from './schemas';

const route = createRoute({
  method: 'get',
  path: '/envelopes',
  summary: "List the workspace's envelope entries, newest first",
  security: bearerSecurity,
  request: { query: ListQuerySchema },
  responses: {
    200: json(EntryListSchema, 'A page of envelope entries'),
    ...commonErrors,
    ...validationError,
  },
});

export const envelopesV1 = newRouter().openapi(route, async (c) => {
  const query = c.req.valid('query');
  const page = await listEntries(c.get('db'), c.get('principal').workspaceId, {
    folder: query.folder,
    limit: query.limit,
    cursor: query.cursor,
    createdAt: query.created_at,
    ascending: query.ascending,
    envelopesOnly: true,
  });
  return c.json(EntryListSchema.parse(toEntryListDto(page, query)), 200);
});
