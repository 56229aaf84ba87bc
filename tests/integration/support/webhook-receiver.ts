import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** `after`: the answer waits until it settles (a slow receiver, or one held until the test lets go). */
export type Answer = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  after?: Promise<unknown>;
};

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Decides each answer; by default 200 `{}`. */
  answer: (request: ReceivedWebhook, index: number) => Answer;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, ms?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A local webhook receiver on 127.0.0.1 and a random port (or `port`) that records every request. */
export async function startReceiver(options: { port?: number } = {}): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const receiver: Receiver = {
    url: '',
    received,
    answer: () => ({ status: 200, body: '{}' }),
    async waitFor(count, ms = 15_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`receiver got ${received.length} of ${count} webhooks`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(request);
      const answer = receiver.answer(request, received.length - 1);
      void Promise.resolve(answer.after).finally(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body ?? '{}');
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
