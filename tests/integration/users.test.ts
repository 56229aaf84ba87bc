import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { schema } from '@/lib/db';
import { ensureDemoConsoleUser } from '@/lib/demo';
import { createEntry, findEntries, getEntry } from '@/lib/silo';
import { getJob } from '@/lib/transform';
import {
  ACCOUNT_THROTTLE,
  createUser,
  getSession,
  signIn as signInWithContext,
  signOut,
  type Clock,
  type SignInContext,
} from '@/lib/users';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

// Hundreds of password checks: at a lower work factor, which is not what these tests are about.
vi.mock('node:crypto', async (importOriginal) =>
  (await import('./support/cheap-scrypt')).cheapScrypt(importOriginal),
);

const email = () => `op-${randomUUID()}@example.com`;
const address = () => `client-${randomUUID()}`;

/** Time that moves only when the throttle waits, so delays are exact and tests never sleep. */
function fakeClock(start = Date.now()): Clock & { waits: number[] } {
  let now = start;
  const waits: number[] = [];
  return { waits, now: () => now, sleep: async (ms) => void (waits.push(ms), (now += ms)) };
}

// Tests that are not about throttling sign in from a fresh address each time.
const signIn = (
  db: Parameters<typeof signInWithContext>[0],
  input: { email: string; password: string },
  context: SignInContext = { clientAddress: address() },
) => signInWithContext(db, input, context);

describeEachDatabase('console users and sessions', (database) => {
  it('creates a user with a generated password that signs in, and stores neither in clear', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'users' });
    const address = email();
    const { user, password } = await createUser(db, {
      workspaceId: ws.id,
      email: `  ${address.toUpperCase()} `,
    });
    expect(user.email).toBe(address);
    expect(password).toHaveLength(24);
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.passwordHash).not.toContain(password);

    const result = await signIn(db, { email: address.toUpperCase(), password });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [session] = await db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    expect(session!.tokenHash).not.toBe(result.token);
    const operator = await getSession(db, result.token);
    expect(operator).toMatchObject({
      userId: user.id,
      email: address,
      workspaceId: ws.id,
      environment: 'sandbox',
    });
  });

  it('refuses a duplicate email, a bad email, a short password and an unknown workspace', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'dupes' });
    const address = email();
    await createUser(db, { workspaceId: ws.id, email: address });
    await expect(createUser(db, { workspaceId: ws.id, email: address })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'user_exists',
    });
    await expect(
      createUser(db, { workspaceId: ws.id, email: 'not-an-email' }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_user',
      fields: { email: expect.any(String) },
    });
    await expect(
      createUser(db, { workspaceId: ws.id, email: email(), password: 'short' }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    await expect(
      createUser(db, { workspaceId: randomUUID(), email: email() }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('spaces attempts on an account out with growing delays, the same for an unknown email as for a real one', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'delays' });
    const real = email();
    await createUser(db, { workspaceId: ws.id, email: real, password: 'the right password' });
    const waits = async (target: string) => {
      const clock = fakeClock();
      for (let i = 0; i < 10; i++)
        await signIn(
          db,
          { email: target, password: `wrong ${i}` },
          { clientAddress: address(), clock },
        );
      return clock.waits;
    };
    const forReal = await waits(real);
    expect(forReal).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000, 15_000, 15_000]);
    expect(await waits(email())).toEqual(forReal);
  }, 120_000);

  it('lets the owner in from another address after a bounded delay while someone keeps guessing from theirs', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'owner' });
    const target = email();
    await createUser(db, { workspaceId: ws.id, email: target, password: 'the right password' });
    const attacker = address();
    const clock = fakeClock();
    for (let i = 0; i < 16; i++)
      expect(
        await signIn(
          db,
          { email: target, password: `guess ${i}` },
          { clientAddress: attacker, clock },
        ),
      ).toEqual({ ok: false, reason: 'invalid' });
    // The guessing address is now refused outright, even with the right password.
    expect(
      await signIn(
        db,
        { email: target, password: 'the right password' },
        { clientAddress: attacker, clock },
      ),
    ).toEqual({ ok: false, reason: 'invalid' });

    const owner = fakeClock(clock.now());
    expect(
      (
        await signIn(
          db,
          { email: target, password: 'the right password' },
          { clientAddress: address(), clock: owner },
        )
      ).ok,
    ).toBe(true);
    expect(Math.max(...owner.waits)).toBeLessThanOrEqual(ACCOUNT_THROTTLE.maxWaitMs);
  }, 120_000);

  it('queues concurrent guesses on one account instead of checking them all at once', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'concurrent' });
    const target = email();
    await createUser(db, { workspaceId: ws.id, email: target, password: 'the right password' });
    const clock = fakeClock();
    for (let i = 0; i < 4; i++)
      await signIn(
        db,
        { email: target, password: `wrong ${i}` },
        { clientAddress: address(), clock },
      );
    const still = { now: clock.now, sleep: async (ms: number) => void clock.waits.push(ms) };
    clock.waits.length = 0;
    await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        signIn(
          db,
          { email: target, password: `wrong ${i}` },
          { clientAddress: address(), clock: still },
        ),
      ),
    );
    expect(new Set(clock.waits).size).toBe(3);
  }, 60_000);

  it("a successful sign-in resets the account's failures", async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'reset' });
    const target = email();
    await createUser(db, { workspaceId: ws.id, email: target, password: 'the right password' });
    const clock = fakeClock();
    for (let i = 0; i < 6; i++)
      await signIn(
        db,
        { email: target, password: 'nope nope' },
        { clientAddress: address(), clock },
      );
    expect(
      (
        await signIn(
          db,
          { email: target, password: 'the right password' },
          { clientAddress: address(), clock },
        )
      ).ok,
    ).toBe(true);
    clock.waits.length = 0;
    for (let i = 0; i < 4; i++)
      expect(
        await signIn(
          db,
          { email: target, password: 'nope nope' },
          { clientAddress: address(), clock },
        ),
      ).toEqual({ ok: false, reason: 'invalid' });
    expect(clock.waits).toEqual([0, 0, 0, 0]);
  }, 60_000);

  it('sign-out deletes the session; expired and malformed tokens open nothing', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'signout' });
    const address = email();
    const { user } = await createUser(db, {
      workspaceId: ws.id,
      email: address,
      password: 'the right password',
    });
    const first = await signIn(db, { email: address, password: 'the right password' });
    const second = await signIn(db, { email: address, password: 'the right password' });
    if (!first.ok || !second.ok) throw new Error('sign-in failed');
    await signOut(db, first.token);
    expect(await getSession(db, first.token)).toBeNull();
    expect(await getSession(db, second.token)).not.toBeNull();
    await signOut(db, first.token);

    await db
      .update(schema.sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.sessions.userId, user.id));
    expect(await getSession(db, second.token)).toBeNull();
    expect(await getSession(db, undefined)).toBeNull();
    expect(await getSession(db, 'x'.repeat(43))).toBeNull();
  });

  it('keeps each session inside its own workspace', async () => {
    const { db } = database();
    const a = await createWorkspace(db, { name: 'A' });
    const b = await createWorkspace(db, { name: 'B' });
    const { password: pa, user: ua } = await createUser(db, { workspaceId: a.id, email: email() });
    const { password: pb, user: ub } = await createUser(db, { workspaceId: b.id, email: email() });
    const sa = await signIn(db, { email: ua.email, password: pa });
    const sb = await signIn(db, { email: ub.email, password: pb });
    if (!sa.ok || !sb.ok) throw new Error('sign-in failed');
    const opA = (await getSession(db, sa.token))!;
    const opB = (await getSession(db, sb.token))!;
    expect(opA.workspaceId).toBe(a.id);
    expect(opB.workspaceId).toBe(b.id);

    const party = {
      $schema: 'https://gobl.org/draft-0/org/party',
      name: `Proveedor ${randomUUID()}`,
      tax_id: { country: 'AR', code: '30-71234567-1' },
    };
    const { entry } = await createEntry(db, opA.workspaceId, {
      body: { folder: 'suppliers', data: party },
    });
    expect(await getEntry(db, opB.workspaceId, entry.id)).toBeUndefined();
    expect(
      (
        await findEntries(db, opB.workspaceId, {
          folder: 'suppliers',
          query: party.name,
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(0);
    expect(
      (
        await findEntries(db, opA.workspaceId, {
          folder: 'suppliers',
          query: party.name,
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(1);
    expect(await getJob(db, opB.workspaceId, randomUUID())).toBeUndefined();

    // A session whose user was moved to another workspace stops working.
    await db.update(schema.users).set({ workspaceId: b.id }).where(eq(schema.users.id, ua.id));
    expect(await getSession(db, sa.token)).toBeNull();
  });

  it('finds suppliers by part of the name or CUIT, with pages', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'find' });
    const tag = randomUUID().slice(0, 8);
    const cuits = ['30-71234567-1', '20-32964233-0', '27-28033514-8'];
    for (const [i, code] of cuits.entries()) {
      await createEntry(db, ws.id, {
        body: {
          folder: 'suppliers',
          data: { name: `Empresa ${tag} ${i} 100%`, tax_id: { country: 'AR', code } },
        },
      });
    }
    const all = await findEntries(db, ws.id, { folder: 'suppliers', page: 1, pageSize: 2 });
    expect(all).toMatchObject({ total: 3, pages: 2, page: 1 });
    expect(all.list).toHaveLength(2);
    expect(
      (await findEntries(db, ws.id, { folder: 'suppliers', page: 2, pageSize: 2 })).list,
    ).toHaveLength(1);
    expect(
      (
        await findEntries(db, ws.id, {
          folder: 'suppliers',
          query: `empresa ${tag} 1`,
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(1);
    expect(
      (
        await findEntries(db, ws.id, {
          folder: 'suppliers',
          query: '32964233',
          page: 1,
          pageSize: 20,
        })
      ).list[0]!.data.name,
    ).toContain(' 1 ');
    expect(
      (
        await findEntries(db, ws.id, {
          folder: 'suppliers',
          query: '20-3296',
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(1);
    expect(
      (await findEntries(db, ws.id, { folder: 'suppliers', query: '%', page: 1, pageSize: 20 }))
        .total,
    ).toBe(3);
    expect(
      (await findEntries(db, ws.id, { folder: 'suppliers', query: '_', page: 1, pageSize: 20 }))
        .total,
    ).toBe(0);
  });

  it('shows the nearest real page for a hand-edited page number and searches past a NUL', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'hand-edited' });
    for (const code of ['30-71234567-1', '20-32964233-0', '27-28033514-8']) {
      await createEntry(db, ws.id, {
        body: {
          folder: 'suppliers',
          data: { name: `Empresa ${code}`, tax_id: { country: 'AR', code } },
        },
      });
    }
    for (const page of [1e20, Infinity, Number.MAX_SAFE_INTEGER]) {
      expect(
        await findEntries(db, ws.id, { folder: 'suppliers', page, pageSize: 2 }),
      ).toMatchObject({ page: 2, pages: 2, total: 3 });
    }
    for (const page of [NaN, -Infinity, -5])
      expect((await findEntries(db, ws.id, { folder: 'suppliers', page, pageSize: 2 })).page).toBe(
        1,
      );
    expect(
      (
        await findEntries(db, ws.id, {
          folder: 'suppliers',
          query: '\u0000',
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(3);
    expect(
      (
        await findEntries(db, ws.id, {
          folder: 'suppliers',
          query: '3296\u00004233',
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(1);
  });

  it('creates the demo operator once and keeps a known password that still signs in', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'demo' });
    const first = await ensureDemoConsoleUser(db, ws.id);
    expect(first).toMatchObject({
      email: 'demo@example.com',
      password: expect.stringMatching(/^.{24}$/),
    });
    expect(await ensureDemoConsoleUser(db, ws.id, first.password)).toEqual(first);
    expect((await signIn(db, { email: first.email, password: first.password })).ok).toBe(true);
    const reset = await ensureDemoConsoleUser(db, ws.id, 'not-the-password-any-more');
    expect(reset.password).not.toBe(first.password);
    expect((await signIn(db, { email: first.email, password: reset.password })).ok).toBe(true);
  });
});
