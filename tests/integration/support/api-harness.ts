import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApiApp, type ApiOptions } from '@/lib/api';
import type { Database } from '@/lib/db';
import { createWorkflow } from '@/lib/transform';
import { connectApp, createApiKey, createWorkspace } from '@/lib/workspaces';
import { newCuit } from '../../support/new-cuit';

/** One response a test received, kept so the OpenAPI conformance check can replay it. */
export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies of every shape without declaring each one
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  key?: string;
  /** Sent as JSON unless `raw` is given. */
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as ApiResponse's default
export type Call = <T = any>(
  method: string,
  path: string,
  options?: CallOptions,
) => Promise<ApiResponse<T>>;

/**
 * The API over real HTTP, mounted on node:http as server.ts mounts it, on a test's database; every
 * response is recorded. `app` is the same Hono app, for in-process calls.
 */
export function apiHarness(database: () => Database, options: Omit<ApiOptions, 'getDb'> = {}) {
  const records: RecordedResponse[] = [];
  let app: ReturnType<typeof createApiApp> | undefined;
  let origin: Promise<string> | undefined;
  const getApp = () =>
    (app ??= createApiApp({
      getDb: async () => database().db,
      rateLimitPerMinute: 1_000_000,
      ...options,
    }));
  const listen = () =>
    (origin ??= new Promise((resolve) => {
      const server = http.createServer(getRequestListener(getApp().fetch));
      // Unreferenced: the test process may end while it still listens.
      server
        .listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        )
        .unref();
    }));

  const call: Call = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {
      ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
    };
    let body: string | undefined = opts.raw;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    }
    // A real client always says how long its body is; the 413/415 checks rely on it.
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const res = await send(
      `${await listen()}${path}`,
      method,
      { ...headers, ...opts.headers },
      body,
    );
    const text = res.text;
    const contentType = res.headers.get('content-type') ?? '';
    const parsed = /json/.test(contentType) && text ? JSON.parse(text) : text;
    records.push({
      method,
      path: path.split('?')[0]!,
      status: res.status,
      contentType,
      body: parsed,
    });
    return { status: res.status, headers: res.headers, body: parsed };
  };

  /** A workspace with one API key; the Argentina app connected unless told otherwise. */
  const workspace = async (opts: { connect?: boolean } = {}) => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: `test ${Math.random().toString(36).slice(2)}` });
    if (opts.connect !== false) await connectApp(db, ws.id, 'gov-ar');
    const key = await createApiKey(db, ws.id);
    const { workflow } = await createWorkflow(db, ws.id, { template: 'ar-supplier-registration' });
    return { id: ws.id, key: key.token, keyId: key.id, workflowId: workflow.id };
  };

  return { call, workspace, records, app: getApp, origin: listen };
}

/** One request on its own connection, headers exactly as given (fetch would set its own Content-Length). */
export function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined)
            responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolve({
          status: res.statusCode!,
          headers: responseHeaders,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const party = (name = 'Panadería La Espiga SRL', code = newCuit()) => ({
  $schema: 'https://gobl.org/draft-0/org/party',
  name,
  tax_id: { country: 'AR', code },
});
