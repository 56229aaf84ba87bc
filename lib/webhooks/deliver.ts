import { isIP, type LookupFunction } from 'node:net';
import { postBounded } from '@/lib/http-client';
import { observeWebhookDelivery } from '@/lib/metrics';
import {
  BlockedDestinationError,
  guardedLookup,
  isRefusedDestination,
  type Resolver,
} from './ssrf';

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
  /** True when retrying cannot help (a URL that does not parse, a destination policy refuses). */
  permanent?: boolean;
  /**
   * The destination's address is not a public one (ssrf.ts), decided from the address alone before
   * any connection: retrying cannot help, and saying so tells the tenant nothing DNS does not.
   */
  refusedByPolicy?: boolean;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/** One POST attempt: 10 s timeout, no redirects followed, refused destinations (ssrf.ts) not connected to unless allowed. */
export async function deliverWebhook(request: DeliveryRequest): Promise<DeliveryResult> {
  const result = await attempt(request);
  observeWebhookDelivery(
    result.ok ? 'delivered' : result.status === undefined ? 'failed' : 'refused',
    result.durationMs / 1000,
  );
  return result;
}

async function attempt(request: DeliveryRequest): Promise<DeliveryResult> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, durationMs: 0, error: 'invalid URL', permanent: true };
  }
  // An address in the URL is connected to without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !request.allowPrivate && isRefusedDestination(literal)) {
    return {
      ok: false,
      durationMs: 0,
      error: `destination ${url.hostname} is a refused address`,
      permanent: true,
      refusedByPolicy: true,
    };
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const { status, body } = await postBounded({
      url,
      body: request.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'arca-registration-webhooks/1',
        ...request.headers,
      },
      timeoutMs: request.timeoutMs ?? 10_000,
      maxResponseBytes: MAX_ANSWER_BYTES,
      lookup: guardedLookup(request.allowPrivate, request.resolve) as LookupFunction,
    });
    return {
      ok: status >= 200 && status < 300,
      status,
      durationMs: elapsed(),
      retryIn: readRetryIn(body.toString('utf8')),
      ...(status >= 300 && status < 400 ? { error: 'redirects are not followed' } : {}),
    };
  } catch (error) {
    const refused = isPolicyRefusal(error);
    return {
      ok: false,
      durationMs: elapsed(),
      error: (error as Error).message,
      ...(refused ? { permanent: true, refusedByPolicy: true } : {}),
    };
  }
}

function readRetryIn(text: string): number | undefined {
  try {
    const value = (JSON.parse(text) as { retry_in?: unknown }).retry_in;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The guarded lookup refused every address the name has (postBounded wraps it as the cause). */
function isPolicyRefusal(error: unknown): boolean {
  return (
    error instanceof BlockedDestinationError ||
    (error instanceof Error && error.cause instanceof BlockedDestinationError)
  );
}
