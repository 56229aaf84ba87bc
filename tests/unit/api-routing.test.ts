import { describe, expect, it } from 'vitest';
import { createApiApp, isApiPath } from '@/lib/api';
import { createArcaSimulator } from '@/lib/arca-simulator';
import type { Db } from '@/lib/db';

// These requests never reach the database.
const noDb = async () => ({}) as Db;

describe('API routing', () => {
  it('sends only the API prefixes to the API', () => {
    for (const p of [
      '/utils/v1/ping',
      '/silo/v1/entries',
      '/transform/v1/jobs',
      '/openapi.json',
      '/utils',
    ])
      expect(isApiPath(p)).toBe(true);
    for (const p of ['/', '/en', '/reg/abc', '/utilsx', '/console', '/_next/static/a.js'])
      expect(isApiPath(p)).toBe(false);
  });

  it('refuses ping without an API key, with a Bearer challenge', async () => {
    const res = await createApiApp({ getDb: noDb }).request('/utils/v1/ping');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers unknown API routes with problem+json', async () => {
    const res = await createApiApp({ getDb: noDb }).request('/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not found', code: 'not_found' });
  });

  it('serves the simulated ARCA at /simulator/arca only when given it, as server.ts gives it while ARCA_SIMULATOR=on', async () => {
    const off = await createApiApp({ getDb: noDb }).request('/simulator/arca');
    expect(off.status).toBe(404);
    expect(off.headers.get('content-type')).toBe('application/problem+json');
    const on = createApiApp({
      getDb: noDb,
      simulator: createArcaSimulator({ db: noDb, basePath: '/simulator/arca' }),
    });
    const index = await on.request('/simulator/arca');
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-store');
    expect(await index.text()).toContain('href="/simulator/arca/sandbox/wsass"');
    const slash = await on.request('/simulator/arca/');
    expect([slash.status, slash.headers.get('location')]).toEqual([308, '/simulator/arca']);
  });

  it('publishes an OpenAPI 3.1 document that lists ping', async () => {
    const doc = await (await createApiApp({ getDb: noDb }).request('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/utils/v1/ping'].get).toBeDefined();
  });
});
