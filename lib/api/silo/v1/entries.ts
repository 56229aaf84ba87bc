import { createRoute } from '@hono/zod-openapi';
import {
  getEntry,
  getEntryByKey,
  getEntryWithFiles,
  listEntries,
  listEntryFiles,
  listEntryStates,
  updatePartyEntry,
  type Entry,
  type ListedEntryFile,
} from '@/lib/silo';
import { DomainError } from '@/lib/errors';
import { INVOICE_SCHEMA, updateInvoiceEntry } from '@/lib/invoices';
import type { Db } from '@/lib/db';
import { bearerSecurity, newRouter } from '../../context';
import {
  bodyErrors,
  commonErrors,
  conflictError,
  json,
  notFoundError,
  validationError,
} from '../../responses';
import { createByDocument } from './create-by-document';
import { CREATE_ENTRY_EXAMPLES } from './create-entry-examples';
import { toEntryDto, toEntryListDto, toEntryStateDto } from './to-entry';
import { toFileDto } from './to-file';
import {
  CreateEntryBodySchema,
  EntryListSchema,
  EntrySchema,
  EntryStatesSchema,
  FolderQuerySchema,
  IdParamSchema,
  KeyParamSchema,
  ListQuerySchema,
  UpdateEntryBodySchema,
} from './schemas';

const body = {
  content: {
    'application/json': { schema: CreateEntryBodySchema, examples: CREATE_ENTRY_EXAMPLES },
  },
  required: true,
};
const created = {
  200: json(EntrySchema, 'The entry: new, or the original one when the same request is repeated'),
};

const routes = {
  post: createRoute({
    method: 'post',
    path: '/entries',
    summary: 'Create an entry: a supplier (GOBL party) or an invoice (GOBL bill/invoice)',
    security: bearerSecurity,
    request: { query: FolderQuerySchema, body },
    responses: { ...created, ...commonErrors, ...bodyErrors, ...validationError, ...conflictError },
  }),
  put: createRoute({
    method: 'put',
    path: '/entries/{id}',
    summary: 'Create an entry (supplier or invoice) with your own UUID (idempotent)',
    security: bearerSecurity,
    request: { params: IdParamSchema, query: FolderQuerySchema, body },
    responses: {
      ...created,
      ...commonErrors,
      ...bodyErrors,
      ...validationError,
      ...conflictError,
      ...notFoundError,
    },
  }),
  patch: createRoute({
    method: 'patch',
    path: '/entries/{id}',
    summary:
      "Update an unsent invoice (empty or error: whole, merge patch or JSON patch), or move an entry's folder; a sent invoice is immutable (409)",
    security: bearerSecurity,
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: UpdateEntryBodySchema } }, required: true },
    },
    responses: {
      200: json(EntrySchema, 'The updated entry, as GET answers it'),
      ...commonErrors,
      ...bodyErrors,
      ...validationError,
      409: {
        description:
          "A sent invoice (credit or debit note instead: POST /silo/v1/gobl/correct), one being sent, a party's data, or a concurrent change",
        content: conflictError[409].content,
      },
      ...notFoundError,
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/entries/{id}',
    summary: 'Fetch an entry with its meta',
    security: bearerSecurity,
    request: { params: IdParamSchema },
    responses: {
      200: json(
        EntrySchema,
        'The entry; an invoice entry holds its GOBL envelope, with its stamps once sent',
      ),
      ...commonErrors,
      ...notFoundError,
      ...validationError,
    },
  }),
  byKey: createRoute({
    method: 'get',
    path: '/entries/key/{key}',
    summary: 'Fetch an entry by key',
    security: bearerSecurity,
    request: { params: KeyParamSchema },
    responses: {
      200: json(EntrySchema, 'The entry'),
      ...commonErrors,
      ...notFoundError,
      ...validationError,
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/entries',
    summary: 'List entries, newest first',
    security: bearerSecurity,
    request: { query: ListQuerySchema },
    responses: {
      200: json(EntryListSchema, 'A page of entries'),
      ...commonErrors,
      ...validationError,
    },
  }),
  states: createRoute({
    method: 'get',
    path: '/entries/{id}/states',
    summary: "An entry's state history",
    security: bearerSecurity,
    request: { params: IdParamSchema },
    responses: {
      200: json(EntryStatesSchema, 'Oldest first'),
      ...commonErrors,
      ...notFoundError,
      ...validationError,
    },
  }),
};

/** An entry as GET returns it: with its files (Invopop's `attachments`), when it has any. */
const entryWithFiles = async (db: Db, ownerId: string, entry: Entry, url: string) =>
  entryDto(entry, await listEntryFiles(db, ownerId, entry.id), url);

const entryDto = (entry: Entry, files: ListedEntryFile[], url: string) => {
  // Only files have a URL: most entries have none, and parsing the request's URL is not free.
  const origin = files.length ? new URL(url).origin : '';
  return EntrySchema.parse(
    toEntryDto(
      entry,
      files.map((file) => toFileDto(file, origin)),
    ),
  );
};

const entryNotFound = () =>
  new DomainError({
    kind: 'not_found',
    code: 'entry_not_found',
    detail: 'No entry with this id in this workspace.',
  });

export const entriesV1 = newRouter()
  .openapi(routes.post, async (c) => {
    const { entry } = await createByDocument(c.get('db'), c.get('principal').workspaceId, {
      body: c.req.valid('json'),
      folder: c.req.valid('query').folder,
    });
    return c.json(EntrySchema.parse(toEntryDto(entry)), 200);
  })
  .openapi(routes.put, async (c) => {
    const { id } = c.req.valid('param');
    const { entry } = await createByDocument(c.get('db'), c.get('principal').workspaceId, {
      id,
      body: c.req.valid('json'),
      folder: c.req.valid('query').folder,
    });
    return c.json(EntrySchema.parse(toEntryDto(entry)), 200);
  })
  .openapi(routes.patch, async (c) => {
    const db = c.get('db');
    const ownerId = c.get('principal').workspaceId;
    const entry = await getEntry(db, ownerId, c.req.valid('param').id);
    if (!entry) throw entryNotFound();
    const update = entry.docSchema === INVOICE_SCHEMA ? updateInvoiceEntry : updatePartyEntry;
    const updated = await update(db, ownerId, entry, c.req.valid('json'));
    return c.json(EntrySchema.parse(toEntryDto(updated)), 200);
  })
  .openapi(routes.list, async (c) => {
    const query = c.req.valid('query');
    const page = await listEntries(c.get('db'), c.get('principal').workspaceId, {
      folder: query.folder,
      limit: query.limit,
      cursor: query.cursor,
      createdAt: query.created_at,
      ascending: query.ascending,
    });
    return c.json(EntryListSchema.parse(toEntryListDto(page, query)), 200);
  })
  .openapi(routes.byKey, async (c) => {
    const entry = await getEntryByKey(
      c.get('db'),
      c.get('principal').workspaceId,
      c.req.valid('param').key,
    );
    if (!entry)
      throw new DomainError({
        kind: 'not_found',
        code: 'entry_not_found',
        detail: 'No entry with this key in this workspace.',
      });
    const owner = c.get('principal').workspaceId;
    return c.json(await entryWithFiles(c.get('db'), owner, entry, c.req.url), 200);
  })
  .openapi(routes.get, async (c) => {
    const found = await getEntryWithFiles(
      c.get('db'),
      c.get('principal').workspaceId,
      c.req.valid('param').id,
    );
    if (!found) throw entryNotFound();
    return c.json(entryDto(found.entry, found.files, c.req.url), 200);
  })
  .openapi(routes.states, async (c) => {
    const states = await listEntryStates(
      c.get('db'),
      c.get('principal').workspaceId,
      c.req.valid('param').id,
    );
    if (!states) throw entryNotFound();
    return c.json(EntryStatesSchema.parse({ list: states.map(toEntryStateDto) }), 200);
  });
