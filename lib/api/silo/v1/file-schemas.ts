import { z } from '@hono/zod-openapi';
import { MAX_ENTRY_FILE_BYTES } from '@/lib/silo';

// As schemas.ts's TimestampSchema, which this file cannot import (schemas.ts imports FileSchema).
const TimestampSchema = z.iso.datetime().openapi({ example: '2026-04-30T08:39:57.933Z' });

const uuidParam = (name: string, description: string) =>
  z
    .string()
    .uuid()
    .openapi({ param: { name, in: 'path' }, description });

export const EntryFilesParamSchema = z.object({
  entry_id: uuidParam('entry_id', 'UUID of the silo entry.'),
});
export const EntryFileParamSchema = z.object({
  entry_id: uuidParam('entry_id', 'UUID of the silo entry.'),
  id: uuidParam('id', 'UUID of the file (for a download, a previous version’s works too).'),
});

const FileVersionSchema = z
  .object({
    id: z.string().uuid(),
    hash: z.string(),
    size: z.number().int(),
    created_at: TimestampSchema,
  })
  .openapi('SiloFileVersion');

export const FileSchema = z
  .object({
    id: z.string().uuid(),
    entry_id: z.string().uuid(),
    key: z.string().optional().openapi({ example: 'pdf' }),
    name: z.string().openapi({ example: 'factura-0002-00000001.pdf' }),
    category: z.string().openapi({ example: 'format' }),
    desc: z.string().optional(),
    mime: z.string().openapi({ example: 'application/pdf' }),
    size: z.number().int(),
    hash: z.string().openapi({ description: 'SHA-256 of the content, hex' }),
    embeddable: z.boolean(),
    meta: z.record(z.string(), z.string()).optional(),
    previous: z
      .array(FileVersionSchema)
      .optional()
      .openapi({ description: 'Earlier files with the same key, newest first' }),
    stored: z.boolean().openapi({ description: 'Always true: the content is stored inline' }),
    url: z.string().openapi({ description: 'The download operation (with your API key)' }),
    created_at: TimestampSchema,
  })
  .openapi('SiloFile');

export const UploadFileBodySchema = z
  .object({
    name: z.string().min(1).max(255).openapi({ example: 'remito-123.pdf' }),
    data: z
      .string()
      .optional()
      .openapi({
        description: `The content, base64 (at most ${MAX_ENTRY_FILE_BYTES / 1024 / 1024} MiB decoded). Required here: a placeholder without data is refused (422).`,
      }),
    category: z
      .string()
      .max(64)
      .optional()
      .openapi({ description: '`format` or `attachment` (default)', example: 'attachment' }),
    key: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .openapi({ description: 'A new file with the key of an earlier one is its newer version' }),
    desc: z.string().max(1000).optional(),
    mime: z
      .string()
      .max(255)
      .optional()
      .openapi({ description: 'Derived from the name, or sniffed from the content, when absent' }),
    embeddable: z.boolean().optional(),
    private: z
      .boolean()
      .optional()
      .openapi({ description: 'Accepted; every file is private here (no public link)' }),
    meta: z.record(z.string(), z.string()).optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters')
      .optional()
      .openapi({ description: "When given, must be the content's SHA-256 (422 otherwise)" }),
    size: z
      .number()
      .int()
      .min(0)
      .optional()
      .openapi({ description: "When given, must be the content's size in bytes" }),
  })
  .strict()
  .openapi('SiloUploadFile');
