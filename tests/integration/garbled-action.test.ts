import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseGarbledAction } from '@/lib/page-cache/refuse-garbled-action';

// A page server as server.ts runs one: the check first, then "Next" (here, an echo of the body it reads).
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      if (await refuseGarbledAction(req, res, req.url ?? '/')) return;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.writeHead(200).end(Buffer.concat(chunks));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts `body` in pieces, pausing between them, as a slow phone would. */
function post(headers: Record<string, string>, body: Buffer, pieces = 1) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/console/invoices/x',
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const next = () => {
      if (sent >= body.length) return req.end();
      req.write(body.subarray(sent, sent + size));
      sent += size;
      setTimeout(next, 5);
    };
    next();
  });
}

async function formBody(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    type: request.headers.get('content-type')!,
    body: Buffer.from(await request.arrayBuffer()),
  };
}

describe('a server action post checked before Next reads it', () => {
  it('hands Next the very bytes it checked, sent in one piece or in many', async () => {
    const { type, body } = await formBody({
      '1_document': 'ñ'.repeat(100_000),
      '0': '[{"status":"idle"},"$K1"]',
    });
    for (const pieces of [1, 7, 40]) {
      const answer = await post({ 'next-action': '60ab', 'content-type': type }, body, pieces);
      expect(answer.status).toBe(200);
      expect(answer.body.equals(body)).toBe(true);
    }
  });

  it('answers 400 to arguments Next’s decoder would throw on, and leaves other posts alone', async () => {
    const garbled = await post(
      { 'next-action': '60ab', 'content-type': 'text/plain;charset=UTF-8' },
      Buffer.from('["$n12x"]'),
    );
    expect(garbled.status).toBe(400);
    const noScript = await post(
      { 'content-type': 'application/x-www-form-urlencoded' },
      Buffer.from('a=1'),
    );
    expect(noScript.status).toBe(200);
    expect(noScript.body.toString()).toBe('a=1');
  });
});
