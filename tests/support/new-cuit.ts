import { randomInt } from 'node:crypto';
import { cuitCheckDigit } from '@/lib/arca';

/**
 * A fresh valid CUIT each call (random, with its check digit), so runs that share a PostgreSQL
 * never collide. `prefix` is the kind of person: 30 a company, 20 or 27 a person.
 */
export function newCuit(prefix = '30'): string {
  for (;;) {
    const body = `${prefix}${String(randomInt(10_000_000, 99_999_999))}`;
    const digit = cuitCheckDigit(body);
    if (digit !== undefined) return body + digit;
  }
}
