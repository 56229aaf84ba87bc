import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface BoundedPost {
  url: URL;
  body: string;
  headers: Record<string, string>;
  /** The whole exchange, answer body included: a socket timeout alone lets a server that trickles bytes hold us forever. */
  timeoutMs: number;
  /** Bytes of answer kept; past them the connection is dropped and the answer is marked truncated. */
  maxResponseBytes: number;
  /** For the URL's protocol (e.g. ARCA's TLS settings); Node's global agent when absent. */
  agent?: http.Agent;
  /** Resolves the host (e.g. a lookup that refuses private addresses). */
  lookup?: LookupFunction;
}

export interface BoundedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The answer was longer than maxResponseBytes: body holds its first maxResponseBytes. */
  truncated: boolean;
}

export class BoundedPostError extends Error {
  override name = 'BoundedPostError';
  constructor(
    readonly kind: 'timeout' | 'unreachable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * One POST over node:http(s) with a deadline on the whole exchange and a cap on the answer kept.
 * Redirects are never followed: a 3xx is answered like any other status. Rejects with a
 * BoundedPostError when no HTTP answer came in time or at all.
 */
export function postBounded(request: BoundedPost): Promise<BoundedResponse> {
  const { url, timeoutMs, maxResponseBytes } = request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      done();
    };
    const fail = (error: unknown) =>
      settle(() =>
        reject(
          error instanceof BoundedPostError
            ? error
            : new BoundedPostError('unreachable', (error as Error).message, { cause: error }),
        ),
      );
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        ...(request.agent ? { agent: request.agent } : {}),
        ...(request.lookup ? { lookup: request.lookup } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = (truncated: boolean) => ({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          truncated,
        });
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          if (size + chunk.length > maxResponseBytes) {
            chunks.push(chunk.subarray(0, maxResponseBytes - size));
            settle(() => resolve(answer(true)));
            req.destroy();
            return;
          }
          size += chunk.length;
          chunks.push(chunk);
        });
        res.on('end', () => settle(() => resolve(answer(false))));
        res.on('error', fail);
      },
    );
    const deadline = setTimeout(() => {
      fail(
        new BoundedPostError('timeout', `no answer within ${timeoutMs / 1000} s from ${url.host}`),
      );
      req.destroy();
    }, timeoutMs);
    req.on('error', fail);
    req.end(request.body);
  });
}
