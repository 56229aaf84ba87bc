import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { requestHash } from '@/lib/idempotency';

// The canonical text as stored request hashes were first made: a repeat of a request stored before
// must still hash the same, so any faster way of writing it must write exactly this.
function firstCanonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(firstCanonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${firstCanonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
const firstHash = (value: unknown) =>
  createHash('sha256').update(firstCanonical(value)).digest('hex');

it('hashes every request exactly as stored hashes were made (key order, undefined members, unicode keys)', () => {
  fc.assert(
    fc.property(
      fc.anything({
        withObjectString: false,
        withNullPrototype: true,
        withBigInt: false,
        withDate: true,
        withMap: false,
        withSet: false,
        withTypedArray: false,
        withSparseArray: true,
        key: fc.string({ unit: 'binary' }),
      }),
      (value) => {
        if (value === undefined) return;
        expect(requestHash(value)).toBe(firstHash(value));
      },
    ),
    { numRuns: 2000 },
  );
  const reordered = { b: [1, undefined, { z: 1, a: undefined, y: 'ñ' }], a: null };
  expect(requestHash(reordered)).toBe(firstHash(reordered));
  expect(requestHash(reordered)).toBe(
    requestHash({ a: null, b: [1, undefined, { y: 'ñ', z: 1 }] }),
  );
});
