import { describe, expect, it } from 'vitest';
import { createApiApp, isApiPath } from '@/lib/api';

describe('API routing', () => {
  it('sends only the API prefixes to the API', () => {
    for (const p of ['/utils/v1/ping', '/silo/v1/entries', '/transform/v1/jobs', '/openapi.json', '/utils']) expect(isApiPath(p)).toBe(true);
    for (const p of ['/', '/en', '/reg/abc', '/utilsx', '/console', '/_next/static/a.js']) expect(isApiPath(p)).toBe(false);
  });

  it('answers ping', async () => {
    const res = await createApiApp().request('/utils/v1/ping');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ping: 'pong' });
  });

  it('answers unknown API routes with problem+json', async () => {
    const res = await createApiApp().request('/utils/v1/nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not found', code: 'not_found' });
  });

  it('publishes an OpenAPI 3.1 document that lists ping', async () => {
    const doc = await (await createApiApp().request('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/utils/v1/ping'].get).toBeDefined();
  });
});
