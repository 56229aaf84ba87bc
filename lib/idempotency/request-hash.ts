import { hash } from 'node:crypto';

// Object keys sorted, undefined members left out: one text per request whatever its key order. Built
// with plain loops (every create hashes its request): the same text, byte for byte, as the
// entries/filter/sort/map version stored hashes were made with (tests/unit/request-hash.test.ts).
function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i) text += ',';
      const item = canonical(value[i]);
      if (item !== undefined) text += item;
    }
    return text + ']';
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let text = '{';
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      if (text.length > 1) text += ',';
      text += `${JSON.stringify(key)}:${canonical(member)}`;
    }
    return text + '}';
  }
  return JSON.stringify(value);
}

/** The same request, whatever its key order, hashes the same: a repeat is not a conflict. */
export function requestHash(value: unknown): string {
  return hash('sha256', canonical(value), 'hex');
}
