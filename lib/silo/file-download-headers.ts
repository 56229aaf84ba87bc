import { attachmentDisposition } from './attachment-disposition';
import type { EntryFile } from './entry-file';

/**
 * The headers every download of an entry's file carries (API, console, wizard): its stored type,
 * saved rather than shown, never sniffed into something else nor run as a page of this origin, and
 * its SHA-256 as ETag.
 */
export function fileDownloadHeaders(file: Pick<EntryFile, 'mime' | 'name' | 'hash' | 'size'>) {
  return {
    'Content-Type': file.mime,
    'Content-Length': String(file.size),
    'Content-Disposition': attachmentDisposition(file.name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'no-store',
    ETag: `"${file.hash}"`,
  };
}
