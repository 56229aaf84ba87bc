import { z } from 'zod';
import { DomainError } from '@/lib/errors';
import { applyJsonPatch } from './json-patch';
import { isJsonObject } from './json-value';
import { mergePatch } from './merge-patch';
import { folderSchema } from './schemas';

type Json = Record<string, unknown>;

export const UPDATE_CONTENT_TYPES = [
  'application/json',
  'application/merge-patch+json',
  'application/json-patch+json',
] as const;

const updateBody = z.strictObject({
  content_type: z.enum(UPDATE_CONTENT_TYPES).optional(),
  data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  folder: folderSchema.optional(),
  // Invopop's; a stored invoice must be valid, and signing belongs to the send.
  allow_invalid: z
    .literal(false, 'is not supported by this API: only valid documents are stored')
    .optional(),
  sign: z
    .literal(false, 'is not supported by this API: the envelope is signed when it is sent')
    .optional(),
});

/** Invopop's SiloUpdateEntry, read: `patch(current)` answers the new document (or envelope). */
export interface EntryUpdateRequest {
  folder?: string;
  /** Absent when the request changes no data (a folder move). */
  patch?: (current: Json) => Json;
}

const invalid = (fields: Record<string, string>, detail = 'The update has invalid fields.') =>
  new DomainError({ kind: 'invalid', code: 'invalid_entry_update', detail, fields });

/**
 * Reads an update: `application/json` data is the whole new document (or envelope); a merge patch
 * (RFC 7396) or a JSON patch (RFC 6902, an array of operations) applies to the stored document.
 */
export function readEntryUpdate(body: unknown): EntryUpdateRequest {
  const parsed = updateBody.safeParse(body);
  if (!parsed.success)
    throw invalid(
      Object.fromEntries(
        parsed.error.issues.map((i) => [
          [...i.path, ...('keys' in i ? [i.keys[0]] : [])].join('.') || 'body',
          i.message,
        ]),
      ),
    );
  const { content_type: type = 'application/json', data, folder } = parsed.data;
  if (data == null) return { folder };
  if (type === 'application/json-patch+json') {
    if (!Array.isArray(data))
      throw invalid({ data: 'must be an array of JSON Patch operations (RFC 6902)' });
    return {
      folder,
      patch: (current) => {
        const result = applyJsonPatch(current, data);
        if (!result.ok)
          throw invalid(
            {
              [result.index < 0 ? 'data' : `data.${result.index}.${result.member}`]: result.problem,
            },
            'The JSON patch cannot be applied to the stored document: nothing was changed.',
          );
        if (!isJsonObject(result.value)) throw invalid({ data: 'must leave a JSON object' });
        return result.value;
      },
    };
  }
  if (!isJsonObject(data)) throw invalid({ data: `must be a JSON object for ${type}` });
  if (type === 'application/merge-patch+json')
    return { folder, patch: (current) => mergePatch(current, data) as Json };
  return { folder, patch: () => data };
}
