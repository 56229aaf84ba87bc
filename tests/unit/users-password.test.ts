import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from '@/lib/users/password';
import { hashSessionToken, isWellFormedToken, newSessionToken } from '@/lib/users/session-token';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a per-user salt', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct');
  });

  it('accepts the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('contraseña segura');
    expect(await verifyPassword('contrasen\u0303a segura', stored)).toBe(true);
  });

  it('answers false, never throws, for malformed stored hashes', async () => {
    for (const stored of [
      '',
      'bcrypt$x',
      'scrypt$0$8$1$c2FsdA==$aGFzaA==',
      'scrypt$abc$8$1$c2FsdA==$aGFzaA==',
      'scrypt$16384$8$1$c2FsdA==$',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('generates long random passwords', () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));
    expect(passwords.size).toBe(50);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe('session tokens', () => {
  it('are 256 random bits, stored only as their sha256', () => {
    const { token, hash } = newSessionToken();
    expect(isWellFormedToken(token)).toBe(true);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashSessionToken(token));
    expect(hash).not.toContain(token);
    expect(newSessionToken().token).not.toBe(token);
  });

  it('rejects cookies that cannot be tokens before touching the database', () => {
    for (const bad of [undefined, '', 'short', 'a'.repeat(44), `${'a'.repeat(42)}!`, "' or 1=1 --"])
      expect(isWellFormedToken(bad)).toBe(false);
  });
});
