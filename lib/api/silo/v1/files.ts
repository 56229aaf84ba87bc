import { createRoute, z } from '@hono/zod-openapi';
import { DomainError } from '@/lib/errors';
import { fileDownloadHeaders, getEntryFile, uploadEntryFile } from '@/lib/silo';
import { bearerSecurity, newRouter } from '../../context';
import { ProblemSchema } from '../../problem';
import { commonErrors, conflictError, json, notFoundError, validationError } from '../../responses';
import {
  EntryFileParamSchema,
  EntryFilesParamSchema,
  FileSchema,
  UploadFileBodySchema,
} from './file-schemas';
import { toFileDto } from './to-file';

const body = { content: { 'application/json': { schema: UploadFileBodySchema } }, required: true };
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});
const uploadErrors = {
  ...commonErrors,
  ...notFoundError,
  ...validationError,
  400: problem('Body is not valid JSON'),
  413: problem('Body larger than 14 MiB (a file is at most 10 MiB, base64 adds a third)'),
  415: problem('Body is not JSON'),
};

const routes = {
  post: createRoute({
    method: 'post',
    path: '/entries/{entry_id}/files',
    summary: 'Add a file to an entry (content inline, base64 `data`)',
    security: bearerSecurity,
    request: { params: EntryFilesParamSchema, body },
    responses: { 200: json(FileSchema, 'The stored file'), ...uploadErrors },
  }),
  put: createRoute({
    method: 'put',
    path: '/entries/{entry_id}/files/{id}',
    summary: 'Add a file to an entry with your own UUID (idempotent)',
    security: bearerSecurity,
    request: { params: EntryFileParamSchema, body },
    responses: {
      200: json(FileSchema, 'The stored file: new, or the same one when the same file is repeated'),
      ...uploadErrors,
      ...conflictError,
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/entries/{entry_id}/files/{id}',
    summary: "Download a file's content (a previous version's id works too)",
    security: bearerSecurity,
    request: { params: EntryFileParamSchema },
    responses: {
      200: {
        description:
          'The content, with the stored MIME type, `Content-Disposition: attachment` and `ETag` (its SHA-256)',
        content: { '*/*': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...commonErrors,
      ...notFoundError,
      ...validationError,
    },
  }),
};

const originOf = (url: string) => new URL(url).origin;

export const filesV1 = newRouter()
  .openapi(routes.post, async (c) => {
    const { private: _private, ...upload } = c.req.valid('json');
    const file = await uploadEntryFile(
      c.get('db'),
      c.get('principal').workspaceId,
      c.req.valid('param').entry_id.toLowerCase(),
      upload,
    );
    return c.json(FileSchema.parse(toFileDto(file, originOf(c.req.url))), 200);
  })
  .openapi(routes.put, async (c) => {
    const { entry_id, id } = c.req.valid('param');
    const { private: _private, ...upload } = c.req.valid('json');
    const file = await uploadEntryFile(
      c.get('db'),
      c.get('principal').workspaceId,
      entry_id.toLowerCase(),
      {
        ...upload,
        id: id.toLowerCase(),
      },
    );
    return c.json(FileSchema.parse(toFileDto(file, originOf(c.req.url))), 200);
  })
  .openapi(routes.get, async (c) => {
    const { entry_id, id } = c.req.valid('param');
    const found = await getEntryFile(
      c.get('db'),
      c.get('principal').workspaceId,
      entry_id.toLowerCase(),
      id.toLowerCase(),
    );
    if (!found)
      throw new DomainError({
        kind: 'not_found',
        code: 'file_not_found',
        detail: 'No file with this id on this entry in this workspace.',
      });
    return c.body(new Uint8Array(found.content), 200, fileDownloadHeaders(found.file));
  });
