import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it, describe } from 'vitest';
import { openDatabase, queryRows, schema } from '@/lib/db';
import { databaseKinds } from './support/databases';

describe('migrations', () => {
  it('keep data on disk across restarts of the embedded database', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'arca-pglite-')), 'pglite');
    const first = await openDatabase({ dataDir });
    await first.db.insert(schema.workspaces).values({ name: 'persisted' });
    await first.close();
    const second = await openDatabase({ dataDir });
    expect(await queryRows(second.db, sql`select name from workspaces`)).toEqual([
      { name: 'persisted' },
    ]);
    await second.close();
  });

  it.runIf(databaseKinds().includes('postgres'))(
    'apply once when several instances start together on PostgreSQL',
    async () => {
      const url = process.env.DATABASE_URL;
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: '' })),
      );
      const [row] = await queryRows<{ n: number; d: number }>(
        instances[0]!.db,
        sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`,
      );
      expect(row?.n).toBe(row?.d);
      await Promise.all(instances.map((i) => i.close()));
    },
  );
});
