import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from '@/lib/silo/json-patch';
import { mergePatch } from '@/lib/silo/merge-patch';

describe('JSON Merge Patch (RFC 7396)', () => {
  // RFC 7396 appendix A, every example.
  const cases: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(cases)('%j patched with %j is %j', (target, patch, result) => {
    expect(mergePatch(target, patch)).toEqual(result);
  });

  it('leaves the target unchanged and never touches a prototype', () => {
    const target = { a: { b: 1 } };
    const patched = mergePatch(target, JSON.parse('{"a":{"b":2},"__proto__":{"polluted":true}}'));
    expect(target).toEqual({ a: { b: 1 } });
    expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
    expect(Object.keys(patched as object)).toEqual(['a', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('JSON Patch (RFC 6902)', () => {
  const ok = (doc: unknown, patch: unknown) => {
    const result = applyJsonPatch(doc, patch);
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
    return result.value;
  };

  // RFC 6902 appendix A.
  it('adds, removes, replaces, moves, copies and tests as the RFC examples do', () => {
    expect(ok({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }])).toEqual({
      foo: 'bar',
      baz: 'qux',
    });
    expect(ok({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }])).toEqual({
      foo: ['bar', 'qux', 'baz'],
    });
    expect(ok({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }])).toEqual({
      foo: 'bar',
    });
    expect(ok({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }])).toEqual({
      foo: ['bar', 'baz'],
    });
    expect(ok({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }])).toEqual(
      { baz: 'boo', foo: 'bar' },
    );
    expect(
      ok({ foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, [
        { op: 'move', from: '/foo/waldo', path: '/qux/thud' },
      ]),
    ).toEqual({ foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } });
    expect(
      ok({ foo: ['all', 'grass', 'cows', 'eat'] }, [
        { op: 'move', from: '/foo/1', path: '/foo/3' },
      ]),
    ).toEqual({ foo: ['all', 'cows', 'eat', 'grass'] });
    expect(
      ok({ baz: 'qux', foo: ['a', 2, 'c'] }, [
        { op: 'test', path: '/baz', value: 'qux' },
        { op: 'test', path: '/foo/1', value: 2 },
      ]),
    ).toEqual({ baz: 'qux', foo: ['a', 2, 'c'] });
    expect(ok({ foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }])).toEqual({
      foo: 'bar',
      child: { grandchild: {} },
    });
    expect(ok({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }])).toEqual({
      foo: ['bar', ['abc', 'def']],
    });
    expect(ok({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }])).toEqual({
      '/': 9,
      '~1': 10,
    });
    expect(ok({ a: 1 }, [{ op: 'copy', from: '/a', path: '/b' }])).toEqual({ a: 1, b: 1 });
    expect(ok({ a: 1 }, [{ op: 'replace', path: '', value: [1] }])).toEqual([1]);
    expect(
      ok({ a: { b: 1, c: [1, 2] } }, [{ op: 'test', path: '/a', value: { c: [1, 2], b: 1 } }]),
    ).toBeTruthy();
  });

  it('refuses what cannot apply, naming the operation, and applies nothing', () => {
    const doc = { baz: 'qux', foo: ['a', 2] };
    const refused = (patch: unknown) => applyJsonPatch(doc, patch);
    expect(refused([{ op: 'add', path: '/baz/bat', value: 'qux' }])).toMatchObject({
      ok: false,
      index: 0,
      problem: 'path_not_found',
    });
    expect(
      refused([
        { op: 'add', path: '/x', value: 1 },
        { op: 'test', path: '/baz', value: 'bar' },
      ]),
    ).toEqual({ ok: false, index: 1, member: 'value', problem: 'test_failed' });
    expect(refused([{ op: 'add', path: '/foo/01', value: 1 }])).toMatchObject({
      problem: 'path_not_found',
    });
    expect(refused([{ op: 'add', path: '/foo/3', value: 1 }])).toMatchObject({
      problem: 'path_not_found',
    });
    expect(refused([{ op: 'remove', path: '/foo/-' }])).toMatchObject({
      problem: 'path_not_found',
    });
    expect(refused([{ op: 'remove', path: '/nope' }])).toMatchObject({ problem: 'path_not_found' });
    expect(refused([{ op: 'replace', path: '/nope', value: 1 }])).toMatchObject({
      problem: 'path_not_found',
    });
    expect(refused([{ op: 'add', path: 'baz', value: 1 }])).toMatchObject({
      member: 'path',
      problem: 'invalid_pointer',
    });
    expect(refused([{ op: 'add', path: '/a~2', value: 1 }])).toMatchObject({
      problem: 'invalid_pointer',
    });
    expect(refused([{ op: 'add', path: '/a' }])).toMatchObject({
      member: 'value',
      problem: 'invalid_operation',
    });
    expect(refused([{ op: 'frobnicate', path: '/a' }])).toMatchObject({ member: 'op' });
    expect(refused([{ op: 'move', path: '/a' }])).toMatchObject({ member: 'from' });
    expect(refused([{ op: 'move', from: '/foo', path: '/foo/0' }])).toMatchObject({
      problem: 'move_into_itself',
    });
    expect(refused({ op: 'add', path: '/a', value: 1 })).toMatchObject({ index: -1 });
    expect(doc).toEqual({ baz: 'qux', foo: ['a', 2] });
  });

  it('never touches a prototype', () => {
    const result = ok({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
