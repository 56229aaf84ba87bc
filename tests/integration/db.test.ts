import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows, schema } from '@/lib/db';
import { describeEachDatabase } from './support/databases';

describeEachDatabase('database', (database) => {
  it('has applied every committed migration', async () => {
    const { db } = database();
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(row?.n).toBeGreaterThanOrEqual(1);
  });

  it('stores and reads a workspace with its defaults', async () => {
    const { db } = database();
    const name = `ws-${randomUUID()}`;
    const [created] = await db.insert(schema.workspaces).values({ name }).returning();
    expect(created?.environment).toBe('sandbox');
    const [found] = await db.select().from(schema.workspaces).where(eq(schema.workspaces.name, name));
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
    await db.insert(schema.apiKeys).values({ workspaceId: workspace!.id, name: 'a', prefix: 'sk_', hash });
    await expect(db.insert(schema.apiKeys).values({ workspaceId: workspace!.id, name: 'b', prefix: 'sk_', hash })).rejects.toThrow();
    await db.delete(schema.workspaces).where(eq(schema.workspaces.id, workspace!.id));
    expect(await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.hash, hash))).toEqual([]);
  });
});
