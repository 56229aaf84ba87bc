import { DomainError } from '@/lib/errors';
import { createEntryBody, folderSchema, PARTY_FIELDS, UNSUPPORTED_ENTRY_FIELDS } from './schemas';

type Json = Record<string, unknown>;

/** A create-entry request as the API receives it, whatever the document. */
export interface EntryRequest {
  /** The client's UUID (PUT); a new one is chosen when absent (POST). */
  id?: string;
  body: unknown;
  /** `folder` may also come as a query parameter. */
  folder?: string;
}

export interface ReadEntryRequest {
  key?: string;
  folder?: string;
  /** Invopop's `sign`: the stored envelope is to be signed. */
  sign: boolean;
  /** The document (or envelope): `data`, or the top-level fields when there is no `data`. */
  given: Json;
  /** Where `given` sits in the request, as a prefix of field paths: `data.` or nothing. */
  at: '' | 'data.';
}

/**
 * Reads the request's envelope fields (key, folder, data) and refuses fields that belong nowhere.
 * `documentFields` says which top-level fields the document may have when it comes without `data`;
 * null leaves them to the document's own check, which names each unknown field.
 */
export function readEntryRequest(
  request: EntryRequest,
  documentFields: (topLevel: Json) => ReadonlySet<string> | null,
): ReadEntryRequest {
  const body = createEntryBody.safeParse(request.body);
  if (!body.success) {
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_entry',
      detail: 'The request has invalid fields.',
      fields: Object.fromEntries(body.error.issues.map((i) => [i.path.join('.'), i.message])),
    });
  }
  const { key, folder: bodyFolder, data, sign, ...topLevel } = body.data;
  const allowed = data === undefined ? documentFields(topLevel) : new Set<string>();
  const strays = allowed ? strayTopLevelFields(topLevel, allowed, data !== undefined) : {};
  if (Object.keys(strays).length)
    throw new DomainError({
      kind: 'invalid',
      code: 'unaccepted_fields',
      detail: `The request has fields that are not accepted here: ${Object.keys(strays).join(', ')}.`,
      fields: strays,
    });
  const query = request.folder === undefined ? undefined : folderSchema.safeParse(request.folder);
  if (query && !query.success)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_folder',
      detail: 'The folder is not valid.',
      fields: { folder: query.error.issues[0]!.message },
    });
  return {
    key,
    sign: sign ?? false,
    folder: bodyFolder ?? query?.data,
    given: data ?? topLevel,
    at: data ? 'data.' : '',
  };
}

/**
 * Top-level fields other than key, folder and data: the document's own fields when it comes at the
 * top level, nothing when it comes in `data`. Each stray field is named with why.
 */
function strayTopLevelFields(
  topLevel: Json,
  allowed: ReadonlySet<string>,
  documentInData: boolean,
): Record<string, string> {
  const strays: Record<string, string> = {};
  for (const name of Object.keys(topLevel)) {
    if (allowed.has(name)) continue;
    if (UNSUPPORTED_ENTRY_FIELDS.has(name)) strays[name] = 'is not supported by this API';
    else if (documentInData && PARTY_FIELDS.has(name))
      strays[name] = 'the document is given in data: put this field there';
    else
      strays[name] = documentInData
        ? 'is not a field of this request (key, folder, data)'
        : 'is not a field of a GOBL party, nor of this request (key, folder, data)';
  }
  return strays;
}
