const MAX_NAME = 150;

/**
 * A file's name as it may be saved: no folders, control characters, quotes or characters a file
 * system refuses, no leading dots (a hidden file), at most 150 characters; `file` when nothing is left.
 */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const short = [...cleaned].slice(0, MAX_NAME).join('').trim();
  return short || 'file';
}

/**
 * `Content-Disposition` for a download (RFC 6266): an ASCII `filename` for old clients and the
 * exact name, UTF-8, in `filename*`.
 */
export function attachmentDisposition(name: string): string {
  const safe = safeFilename(name);
  const ascii = safe
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii.replace(/[\\"]/g, '_')}"; filename*=UTF-8''${encoded}`;
}
