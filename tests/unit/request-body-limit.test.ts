import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, declaredBodySize, limitBody } from '@/lib/request-body';

describe('request body limit (the one reader the API, the simulated ARCA and the page server share)', () => {
  it('tells a body over the cap by its Content-Length, and leaves a chunked one to reading', () => {
    expect(declaredBodySize('POST', { 'content-length': '11' }, 10)).toBe('over');
    expect(declaredBodySize('PATCH', { 'content-length': '10' }, 10)).toBe('within');
    expect(declaredBodySize('POST', { 'transfer-encoding': 'chunked' }, 10)).toBe('unknown');
    // Both headers: the length is not the body's (Node reads it chunked), so only reading tells.
    expect(
      declaredBodySize('PUT', { 'content-length': '1', 'transfer-encoding': 'chunked' }, 10),
    ).toBe('unknown');
    expect(declaredBodySize('GET', { 'content-length': '99' }, 10)).toBe('none');
    expect(BODY_LIMITS.api).toBe(1024 * 1024);
  });

  const app = () => {
    const app = new Hono();
    app.post(
      '/',
      limitBody(10, (c) => c.text('too large', 413)),
      async (c) => c.text(`read ${(await c.req.text()).length}`),
    );
    return app;
  };
  const chunked = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of text.match(/.{1,4}/g) ?? [])
          controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });

  it('refuses a declared body over the cap without reading it, and lets one within it through', async () => {
    const over = await app().request('/', {
      method: 'POST',
      body: 'x'.repeat(11),
      headers: { 'content-length': '11' },
    });
    expect([over.status, await over.text()]).toEqual([413, 'too large']);
    const within = await app().request('/', {
      method: 'POST',
      body: 'x'.repeat(10),
      headers: { 'content-length': '10' },
    });
    expect([within.status, await within.text()]).toEqual([200, 'read 10']);
  });

  it('counts a chunked body as it is read and refuses it past the cap', async () => {
    const init = (text: string) =>
      ({
        method: 'POST',
        body: chunked(text),
        duplex: 'half',
        headers: { 'transfer-encoding': 'chunked' },
      }) as RequestInit;
    const over = await app().request('/', init('y'.repeat(12)));
    expect([over.status, await over.text()]).toEqual([413, 'too large']);
    const within = await app().request('/', init('y'.repeat(9)));
    expect([within.status, await within.text()]).toEqual([200, 'read 9']);
  });
});
