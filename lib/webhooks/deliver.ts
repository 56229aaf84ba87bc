import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isRefusedDestination, type Resolver } from './ssrf';

interface DeliveryRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
  resolve?: Resolver;
}

interface DeliveryResult {
  ok: boolean;
  /** Absent when no HTTP answer came (refused, unreachable, timed out). */
  status?: number;
  durationMs: number;
  /** What went wrong, in detail: for the server log only, never for the tenant. */
  error?: string;
  /** Seconds the receiver asked us to wait (`retry_in` in its JSON answer). */
  retryIn?: number;
  /** True when retrying cannot help (a URL that does not parse). */
  permanent?: boolean;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/** One POST attempt: 10 s timeout, no redirects followed, refused destinations (ssrf.ts) not connected to unless allowed. */
export function deliverWebhook(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ ok: false, durationMs: 0, error: 'invalid URL', permanent: true });
  }
  // An address in the URL is connected to without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !request.allowPrivate && isRefusedDestination(literal)) {
    return Promise.resolve({ ok: false, durationMs: 0, error: `destination ${url.hostname} is a refused address` });
  }
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = request.timeoutMs ?? 10_000;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'arca-registration-webhooks/1', ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        lookup: guardedLookup(request.allowPrivate, request.resolve) as never,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          finish({ ok: status >= 200 && status < 300, status, durationMs: elapsed(), retryIn: readRetryIn(Buffer.concat(chunks).toString('utf8')), ...(status >= 300 && status < 400 ? { error: 'redirects are not followed' } : {}) });
        });
        res.on('error', (error) => finish({ ok: false, status: res.statusCode, durationMs: elapsed(), error: error.message }));
      },
    );
    // A whole-exchange deadline: a socket timeout alone lets a receiver that trickles bytes hold us forever.
    const deadline = setTimeout(() => {
      finish({ ok: false, durationMs: elapsed(), error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => finish({ ok: false, durationMs: elapsed(), error: error.message }));
    req.end(request.body);
  });
}

function readRetryIn(text: string): number | undefined {
  try {
    const value = (JSON.parse(text) as { retry_in?: unknown }).retry_in;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
