import { describe, expect, it } from 'vitest';
import {
  isCacheableRequest,
  matchRegistrationPage,
  PageStore,
  type StoredPage,
} from '@/lib/page-cache';

const ref = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5-_';
const page = (version: string, body = 'x', expiresAt = Date.now() + 60_000): StoredPage => ({
  version,
  nonce: 'n',
  headers: {},
  body,
  expiresAt,
});

describe('matchRegistrationPage', () => {
  it('knows the link, each step and the language, and nothing else', () => {
    expect(matchRegistrationPage(`/reg/${ref}`)).toEqual({ ref, locale: 'es', step: undefined });
    expect(matchRegistrationPage(`/reg/${ref}/company`)).toEqual({
      ref,
      locale: 'es',
      step: 'company',
    });
    expect(matchRegistrationPage(`/en/reg/${ref}/points-of-sale`)).toEqual({
      ref,
      locale: 'en',
      step: 'points-of-sale',
    });
    expect(matchRegistrationPage(`/reg/${ref}/csr`)).toBeUndefined();
    expect(matchRegistrationPage(`/reg/short/company`)).toBeUndefined();
    expect(matchRegistrationPage(`/reg/${ref.slice(1)}/company`)).toBeUndefined();
    expect(matchRegistrationPage(`/reg/${ref}x/company`)).toBeUndefined();
    expect(matchRegistrationPage(`/fr/reg/${ref}/company`)).toBeUndefined();
    expect(matchRegistrationPage('/console')).toBeUndefined();
  });

  it('caches only plain GETs of a step', () => {
    const step = matchRegistrationPage(`/reg/${ref}/arca`)!;
    expect(isCacheableRequest('GET', `/reg/${ref}/arca`, {}, step)).toBe(true);
    expect(isCacheableRequest('HEAD', `/reg/${ref}/arca`, {}, step)).toBe(false);
    expect(isCacheableRequest('GET', `/reg/${ref}/arca?_rsc=1`, {}, step)).toBe(false);
    expect(isCacheableRequest('GET', `/reg/${ref}/arca`, { rsc: '1' }, step)).toBe(false);
    expect(
      isCacheableRequest('GET', `/reg/${ref}/arca`, { 'next-router-prefetch': '1' }, step),
    ).toBe(false);
    expect(
      isCacheableRequest('GET', `/reg/${ref}`, {}, matchRegistrationPage(`/reg/${ref}`)!),
    ).toBe(false);
  });
});

describe('PageStore', () => {
  it('answers only the same version before it expires', () => {
    const store = new PageStore();
    store.set('/a', page('v1', 'x', 1_000));
    expect(store.get('/a', 'v2', 0)).toBeUndefined();
    store.set('/a', page('v1', 'x', 1_000));
    expect(store.get('/a', 'v1', 999)?.body).toBe('x');
    expect(store.get('/a', 'v1', 1_000)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('stays within its bytes, dropping the least recently used page first', () => {
    const store = new PageStore(16 * 1024);
    const body = 'x'.repeat(1024);
    for (const path of ['/1', '/2', '/3', '/4', '/5']) store.set(path, page('v', body));
    store.get('/1', 'v');
    store.set('/6', page('v', body));
    expect(store.get('/1', 'v')).toBeDefined();
    expect(store.get('/2', 'v')).toBeUndefined();
    expect(store.size).toBeLessThanOrEqual(5);
    store.set('/huge', page('v', 'x'.repeat(8 * 1024)));
    expect(store.get('/huge', 'v')).toBeUndefined();
  });
});
