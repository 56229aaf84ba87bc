import { randomBytes } from 'node:crypto';

const REF_BYTES = 24;
/** A ref as newRef makes them: 192 bits in base64url, 32 characters. */
export const REF_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A registration ref: 192 random bits, URL-safe. It is the supplier's credential. */
export function newRef(): string {
  return randomBytes(REF_BYTES).toString('base64url');
}

/** Whether `text` could be a ref at all: anything else is answered 404 without a lookup. */
export function isWellFormedRef(text: string): boolean {
  return REF_PATTERN.test(text);
}
