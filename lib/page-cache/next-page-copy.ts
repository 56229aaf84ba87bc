import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * The one place that relies on how Next writes a page rather than on its API: Next has no way to
 * hand over a rendered page, so a copy is taken as it streams through node:http, and a CSP nonce is
 * the only per-response value in it, present verbatim in the header and the HTML. Rendering every
 * view instead would cost most of the wizard's throughput (docs/performance.md#wizard-pages);
 * tests/e2e/wizard.spec.ts fails if a Next upgrade breaks either assumption.
 */
export interface PageCopy {
  /** The CSP nonce the page was rendered with; replaced by a fresh one on every replay. */
  nonce: string;
  headers: Record<string, string>;
  body: string;
}

// Per-response values that must not be replayed.
const NOT_KEPT = new Set([
  'content-length',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'x-page-cache',
]);

type Chunk = string | Uint8Array;

/**
 * Lets Next answer `req` as usual and hands over a copy of the page once the answer has finished (not
 * when the client went away mid-way), or nothing when the answer cannot be replayed (not a 200 HTML
 * page, a cookie set, no nonce). Next would compress; the copy must be text to take a new nonce, so
 * this answer goes uncompressed.
 */
export function copyNextPage(
  req: IncomingMessage,
  res: ServerResponse,
  onCopied: (copy: PageCopy) => void,
): void {
  delete req.headers['accept-encoding'];
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string')
      chunks.push(
        Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      );
    else if (chunk instanceof Uint8Array)
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  res.once('finish', () => {
    const copy = toCopy(res.statusCode, res.getHeaders(), Buffer.concat(chunks));
    if (copy) onCopied(copy);
  });
}

function toCopy(
  status: number,
  headers: ReturnType<ServerResponse['getHeaders']>,
  body: Buffer,
): PageCopy | undefined {
  if (status !== 200 || headers['set-cookie'] || headers['content-encoding']) return undefined;
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return undefined;
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(
    String(headers['content-security-policy'] ?? ''),
  )?.[1];
  if (!nonce) return undefined;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_KEPT.has(name))
      kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { nonce, headers: kept, body: body.toString('utf8') };
}

/** Answers with a copy under a fresh nonce, gzipped when the browser accepts it. */
export function replayNextPage(res: ServerResponse, copy: PageCopy, gzip: boolean): void {
  const nonce = randomBytes(16).toString('base64');
  const text = Buffer.from(copy.body.replaceAll(copy.nonce, nonce), 'utf8');
  // Level 1 with the most memory: on a wizard page, barely larger than level 4 for less CPU.
  const body = gzip ? gzipSync(text, { level: 1, memLevel: 9 }) : text;
  const headers: Record<string, string | number> = {
    'X-Page-Cache': 'hit',
    'Content-Length': body.length,
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  };
  for (const [name, value] of Object.entries(copy.headers))
    headers[name] = value.replaceAll(copy.nonce, nonce);
  res.writeHead(200, headers);
  res.end(body);
}
