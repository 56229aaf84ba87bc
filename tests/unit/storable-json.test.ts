import { describe, expect, it } from 'vitest';
import { findUnstorable, MAX_JSON_DEPTH, mayBeUnstorable, unstorableText } from '@/lib/storable';
import { requestHash } from '@/lib/idempotency';

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('storable JSON', () => {
  it('names text PostgreSQL cannot store: NUL and unpaired surrogates, but not paired ones', () => {
    expect(unstorableText('a\u0000b')).toMatch(/NUL/);
    expect(unstorableText('\ud800')).toMatch(/surrogate/);
    expect(unstorableText('x\udc00')).toMatch(/surrogate/);
    expect(unstorableText('\udc00\ud800')).toMatch(/surrogate/);
    expect(unstorableText('Panadería 🥖 SRL')).toBeUndefined();
  });

  it('finds the first bad value or field name with its path', () => {
    expect(findUnstorable({ data: { name: 'ok', tax_id: { code: '3\u00000' } } })).toEqual({
      path: 'data.tax_id.code',
      message: expect.stringMatching(/NUL/),
    });
    expect(findUnstorable({ tags: ['ok', '\ud800'] })).toEqual({
      path: 'tags.1',
      message: expect.stringMatching(/surrogate/),
    });
    expect(findUnstorable({ data: { 'na\u0000me': 'x' } })).toEqual({
      path: 'data.na\\u0000me',
      message: expect.stringMatching(/^field name .*NUL/),
    });
    expect(findUnstorable('\u0000')).toEqual({ path: 'body', message: expect.any(String) });
    expect(findUnstorable({ data: { name: 'Acme', n: 1, ok: true, none: null } })).toBeUndefined();
  });

  it(`bounds nesting at ${MAX_JSON_DEPTH} levels without recursing, whatever the depth`, () => {
    expect(findUnstorable({ data: nested(MAX_JSON_DEPTH - 1) })).toBeUndefined();
    expect(findUnstorable({ data: nested(MAX_JSON_DEPTH) })).toEqual({
      path: 'data',
      message: expect.stringMatching(/nested more than 64/),
    });
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(findUnstorable(deep)).toEqual({ path: '0', message: expect.stringMatching(/nested/) });
  });

  it('hashes what the edge lets through', () => {
    expect(requestHash({ data: nested(MAX_JSON_DEPTH - 1) })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('mayBeUnstorable', () => {
  it('lets plain JSON through unparsed and flags every text findUnstorable could refuse', () => {
    expect(
      mayBeUnstorable(
        JSON.stringify({ name: 'Panadería "La [Espiga]" {SRL}', list: [[1], { a: 'b' }] }),
      ),
    ).toBe(false);
    expect(mayBeUnstorable(`{"a":${'['.repeat(64)}${']'.repeat(64)}}`)).toBe(true);
    expect(mayBeUnstorable(`{"a":"${'['.repeat(200)}"}`)).toBe(false);
    for (const text of [
      '{"a":"x\\u0000"}',
      '{"a":"\\ud800"}',
      '{"a":"\\uDC00"}',
      `{"a\\u0000":1}`,
    ]) {
      expect(mayBeUnstorable(text), text).toBe(true);
      expect(findUnstorable(JSON.parse(text))).toBeDefined();
    }
  });
});
