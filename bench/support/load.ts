import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  connections?: number;
  seconds?: number;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request (e.g. a fresh body per request). */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

/** Drives one URL with autocannon (the same load generator for every scenario and its baseline). */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.seconds ?? 8,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.setupRequest ? [{ setupRequest: options.setupRequest }] : undefined,
  });
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A short run whose numbers are thrown away: JIT, caches and connection pools warm up first. */
export async function warm(url: string, options: LoadOptions = {}) {
  await load(url, { ...options, seconds: 2 });
}
