import { randomUUID } from 'node:crypto';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { queryRows, runStatement, schema, statement } from '@/lib/db';
import { describeEachDatabase } from './support/databases';

describeEachDatabase('database', (database) => {
  it('has applied every committed migration', async () => {
    const { db } = database();
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(row?.n).toBeGreaterThanOrEqual(1);
  });

  it('stores and reads a workspace with its defaults', async () => {
    const { db } = database();
    const name = `ws-${randomUUID()}`;
    const [created] = await db.insert(schema.workspaces).values({ name }).returning();
    expect(created?.environment).toBe('sandbox');
    const [found] = await db
      .select()
      .from(schema.workspaces)
      .where(eq(schema.workspaces.name, name));
    expect(found?.id).toBe(created?.id);
  });

  it('refuses an environment other than sandbox or live', async () => {
    const { db } = database();
    await expect(
      db.execute(sql`insert into workspaces (name, environment) values (${'bad'}, ${'staging'})`),
    ).rejects.toThrow();
  });

  it('keeps API key hashes unique and deletes keys with their workspace', async () => {
    const { db } = database();
    const [workspace] = await db.insert(schema.workspaces).values({ name: 'keys' }).returning();
    const hash = randomUUID();
    await db
      .insert(schema.apiKeys)
      .values({ workspaceId: workspace!.id, name: 'a', prefix: 'sk_', hash });
    await expect(
      db
        .insert(schema.apiKeys)
        .values({ workspaceId: workspace!.id, name: 'b', prefix: 'sk_', hash }),
    ).rejects.toThrow();
    await db.delete(schema.workspaces).where(eq(schema.workspaces.id, workspace!.id));
    expect(await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.hash, hash))).toEqual([]);
  });

  it('runs fixed statements on the driver: typed values, errors that leave the connection usable, and inside transactions', async () => {
    const { db } = database();
    const probe = statement(
      'test_probe',
      `select $1::uuid as id, $2::jsonb as doc, now() as at, 41 + $3::int as n, $4::text as absent`,
    );
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      const [row] = await runStatement(db, probe, [id, JSON.stringify({ a: [1, 'ñ'] }), i, null]);
      expect(row).toMatchObject({ id, doc: { a: [1, 'ñ'] }, n: 41 + i, absent: null });
      expect(row!.at).toBeInstanceOf(Date);
    }
    const failing = statement('test_failing', 'select 1 / $1::int as x');
    await expect(runStatement(db, failing, [0])).rejects.toThrow(/division by zero/);
    expect(await runStatement(db, failing, [1])).toEqual([{ x: 1 }]);
    const [workspace] = await db
      .insert(schema.workspaces)
      .values({ name: 'statements' })
      .returning();
    const rename = statement(
      'test_rename',
      'update workspaces set name = $2 where id = $1 returning name',
    );
    let inside: unknown;
    await expect(
      db.transaction(async (tx) => {
        inside = await runStatement(tx, rename, [workspace!.id, 'inside']);
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(inside).toEqual([{ name: 'inside' }]);
    const [after] = await db
      .select()
      .from(schema.workspaces)
      .where(eq(schema.workspaces.id, workspace!.id));
    expect(after?.name).toBe('statements');
    expect(await runStatement(db, rename, [workspace!.id, 'outside'])).toEqual([
      { name: 'outside' },
    ]);
  });

  it('shares prepared statements between copies of the module, as Next bundles its own copy beside server.ts', async () => {
    const { db } = database();
    const probe = statement('test_copies', 'select 1 as one');
    expect(await runStatement(db, probe, [])).toEqual([{ one: 1 }]);
    vi.resetModules();
    const copy = await import('@/lib/db/statement');
    expect(await copy.runStatement(db, probe, [])).toEqual([{ one: 1 }]);
    // The copy knows the driver from how the database was opened, so it runs the statement on it, not through Drizzle.
    const driverCopy = await import('@/lib/db/driver');
    expect(driverCopy.driverOf(db)).toBe(database().driver);
    expect(database().driver.kind).toBe(database().kind);
  });
});
