import type { ServerResponse } from 'node:http';

export interface CapturedResponse {
  status: number;
  headers: ReturnType<ServerResponse['getHeaders']>;
  body: Buffer;
}

type Chunk = string | Uint8Array;

/**
 * Keeps a copy of everything written to `res` while it streams to the client unchanged, and hands
 * it over once the response has finished (not when the client went away mid-way).
 */
export function captureResponse(res: ServerResponse, onFinished: (captured: CapturedResponse) => void) {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
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
  res.once('finish', () => onFinished({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) }));
}
