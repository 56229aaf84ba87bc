import 'server-only';
import { createHash } from 'node:crypto';
import { DomainError } from '@/lib/errors';
import { ENTRY_FILE_CATEGORIES, MAX_ENTRY_FILE_BYTES } from './entry-file';
import type { NewEntryFile } from './entry-file-values';
import { fileMime } from './file-mime';

/** Invopop's file upload (POST/PUT …/entries/{entry_id}/files), as the client sent it. */
export interface EntryFileUpload {
  /** PUT's id; POST makes one. */
  id?: string;
  name: string;
  key?: string;
  category?: string;
  desc?: string;
  mime?: string;
  embeddable?: boolean;
  meta?: Record<string, string>;
  /** The content, base64. Required here: placeholders uploaded later are not supported. */
  data?: string;
  /** When given, must be the content's: a check the client asks for. */
  sha256?: string;
  size?: number;
}

// A plain character class (no repeated group): a 14 MB string is tested in one linear pass.
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;
/** Standard base64, padded or not (as Go's and Node's encoders write it). */
const isBase64 = (text: string) =>
  BASE64_CHARS.test(text) && (text.endsWith('=') ? text.length % 4 === 0 : text.length % 4 !== 1);
const MIME = /^[\w.+-]+\/[\w.+-]+(?:\s*;\s*[\w.+-]+=[\w.+-]+)*$/;

// `fields` read `<code>: <explanation>`, as the invoice's refusals do, for a program to tell them apart.
const invalid = (code: string, field: string, detail: string) =>
  new DomainError({ kind: 'invalid', code, detail, fields: { [field]: `${code}: ${detail}` } });

/** The file an upload carries, checked: its base64, size, SHA-256, category and type. */
export function readEntryFileUpload(upload: EntryFileUpload): NewEntryFile {
  if (upload.data === undefined)
    throw invalid(
      'inline_data_required',
      'data',
      'Send the content inline as base64 in data: placeholders uploaded later are not supported here.',
    );
  const text = upload.data.replace(/\s+/g, '');
  if (!isBase64(text)) throw invalid('invalid_base64', 'data', 'data is not valid base64.');
  if (Math.floor((text.length * 3) / 4) > MAX_ENTRY_FILE_BYTES + 2) throw tooLarge();
  const content = Buffer.from(text, 'base64');
  if (content.length > MAX_ENTRY_FILE_BYTES) throw tooLarge();
  if (content.length === 0) throw invalid('empty_file', 'data', 'data is empty: send the file.');
  if (upload.size !== undefined && upload.size !== content.length)
    throw invalid(
      'size_mismatch',
      'size',
      `size is ${upload.size} but data has ${content.length} bytes.`,
    );
  if (upload.sha256 !== undefined) {
    const hash = createHash('sha256').update(content).digest('hex');
    if (upload.sha256.toLowerCase() !== hash)
      throw invalid(
        'sha256_mismatch',
        'sha256',
        `sha256 does not match data (its SHA-256 is ${hash}).`,
      );
  }
  const category = upload.category ?? 'attachment';
  if (!(ENTRY_FILE_CATEGORIES as readonly string[]).includes(category))
    throw invalid(
      'category_not_allowed',
      'category',
      `category must be one of ${ENTRY_FILE_CATEGORIES.join(', ')}.`,
    );
  if (upload.mime !== undefined && !MIME.test(upload.mime))
    throw invalid('invalid_mime', 'mime', 'mime must be a MIME type, like application/pdf.');
  return {
    name: upload.name,
    category,
    content,
    mime: upload.mime?.toLowerCase() ?? fileMime(upload.name, content),
    ...(upload.key !== undefined ? { key: upload.key } : {}),
    ...(upload.desc !== undefined ? { desc: upload.desc } : {}),
    ...(upload.embeddable !== undefined ? { embeddable: upload.embeddable } : {}),
    ...(upload.meta !== undefined ? { meta: upload.meta } : {}),
  };
}

const tooLarge = () =>
  invalid(
    'file_too_large',
    'data',
    `The file is larger than ${MAX_ENTRY_FILE_BYTES / 1024 / 1024} MiB.`,
  );
