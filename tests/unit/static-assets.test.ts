import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaticAssets } from '@/lib/server';

vi.mock('node:zlib', async (original) => {
  const actual = await original<typeof import('node:zlib')>();
  return { ...actual, gzip: vi.fn(actual.gzip) };
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"></svg>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
let origin = '';
let server: http.Server;
const passedOn: string[] = [];

function get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathname}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-assets-'));
  const dir = path.join(root, 'static');
  mkdirSync(path.join(dir, 'chunks'), { recursive: true });
  writeFileSync(path.join(dir, 'chunks', 'app.js'), SCRIPT);
  writeFileSync(path.join(dir, 'chunks', 'tiny.css'), 'a{}');
  writeFileSync(path.join(root, 'secret.txt'), 'not public');
  writeFileSync(path.join(root, 'icon.svg'), ICON);
  const serve = createStaticAssets(dir, { icon: path.join(root, 'icon.svg') });
  server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0]!;
    void serve(req, res, pathname).then((served) => {
      if (served) return;
      passedOn.push(pathname);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('static assets from memory', () => {
  it('gzips a file once and answers every browser from those bytes', async () => {
    const gzipCalls = vi.mocked(zlib.gzip).mock.calls.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, br' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['content-type']).toBe('application/javascript; charset=UTF-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
    }
    expect(vi.mocked(zlib.gzip).mock.calls.length - gzipCalls).toBe(1);
  });

  it('sends the file plain to a client that takes no gzip, and small files plain always', async () => {
    const plain = await get('/_next/static/chunks/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const tiny = await get('/_next/static/chunks/tiny.css', { 'accept-encoding': 'gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(tiny.body.toString()).toBe('a{}');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/_next/static/chunks/app.js');
    const again = await get('/_next/static/chunks/app.js', {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('passes on other paths, missing files and paths outside the folder', async () => {
    passedOn.length = 0;
    for (const pathname of [
      '/es/reg/abc/company',
      '/_next/static/chunks/missing.js',
      '/_next/static/..%2Fsecret.txt',
      '/_next/static/%E0%A4%A',
    ])
      expect((await get(pathname)).status).toBe(404);
    expect(passedOn).toHaveLength(4);
  });

  it('keeps one copy of a file however its path is spelled', async () => {
    await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    const gzipCalls = vi.mocked(zlib.gzip).mock.calls.length;
    for (const spelling of [
      '/_next/static/chunks/./app.js',
      '/_next/static/chunks/../chunks/app.js',
      '/_next/static/%63hunks/app.js',
      '/_next/static/chunks//app.js',
    ]) {
      const answer = await get(spelling, { 'accept-encoding': 'gzip' });
      expect(answer.status).toBe(200);
      expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
    }
    expect(vi.mocked(zlib.gzip).mock.calls.length - gzipCalls).toBe(0);
  });

  it('answers the icon from memory: immutable at the versioned address the pages link, revalidated bare', async () => {
    passedOn.length = 0;
    const linked = await get('/icon.svg?icon.0123abcd.svg', { 'accept-encoding': 'gzip' });
    expect(linked.status).toBe(200);
    expect(linked.headers['content-type']).toBe('image/svg+xml');
    expect(linked.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(linked.body.toString()).toBe(ICON);
    const bare = await get('/icon.svg');
    expect(bare.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(bare.body.toString()).toBe(ICON);
    const again = await get('/icon.svg', { 'if-none-match': String(bare.headers.etag) });
    expect(again.status).toBe(304);
    expect((await get('/_next/static/icon.svg')).status).toBe(404);
    expect(passedOn).toEqual(['/_next/static/icon.svg']);
  });
});
