import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startOperationsServer } from '@/lib/server/operations-server';

const answering = (body: string) => async (_req: IncomingMessage, res: ServerResponse) =>
  void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);

describe("a worker's operations server (WORKER_PORT)", () => {
  it('routes the probes and /metrics to their handlers, anything else to 404', async () => {
    const server = await startOperationsServer({
      port: 0,
      host: '127.0.0.1',
      handleHealth: answering('health'),
      handleMetrics: answering('metrics'),
    });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      for (const [path, body] of [
        ['/healthz', 'health'],
        ['/readyz?verbose', 'health'],
        ['/metrics', 'metrics'],
      ] as const) {
        const res = await fetch(`${base}${path}`);
        expect([res.status, await res.text()]).toEqual([200, body]);
      }
      expect((await fetch(`${base}/api/ping`)).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('has no /metrics without METRICS_TOKEN (no handler), and answers 500 when a handler throws', async () => {
    const server = await startOperationsServer({
      port: 0,
      host: '127.0.0.1',
      handleHealth: async () => {
        throw new Error('probe failed');
      },
    });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/healthz`)).status).toBe(500);
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a port another process holds', async () => {
    const first = await startOperationsServer({
      port: 0,
      host: '127.0.0.1',
      handleHealth: answering('health'),
    });
    try {
      await expect(
        startOperationsServer({
          port: first.port,
          host: '127.0.0.1',
          handleHealth: answering('x'),
        }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
