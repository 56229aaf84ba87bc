import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMANDS } from '@/lib/admin';
import {
  backupEmbeddedDatabase,
  openDatabase,
  queryRows,
  restoreEmbeddedDatabase,
  type Database,
  type Db,
} from '@/lib/db';
import { createEntry } from '@/lib/silo';
import { createApiKey, createWorkspace } from '@/lib/workspaces';
import { newCuit } from '../support/new-cuit';

const parent = mkdtempSync(path.join(tmpdir(), 'arca-backup-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** Every row of every table of the app, as JSON, in a stable order: what "everything" means here. */
async function everything(db: Db): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    );
    all[name] = rows.map((r) => r.row).sort();
  }
  return all;
}

async function addSupplier(db: Db, ownerId: string, name: string) {
  return createEntry(db, ownerId, {
    body: {
      folder: 'suppliers',
      data: {
        $schema: 'https://gobl.org/draft-0/org/party',
        name,
        tax_id: { country: 'AR', code: newCuit() },
      },
    },
  });
}

describe('backup and restore of the embedded database', () => {
  let source: Database;
  let ownerId: string;
  beforeAll(async () => {
    source = await openDatabase({ dataDir: path.join(parent, 'source', 'pglite') });
    const workspace = await createWorkspace(source.db, { name: 'Backup SA' });
    ownerId = workspace.id;
    await createApiKey(source.db, ownerId, 'backup test');
    for (let i = 0; i < 20; i++) await addSupplier(source.db, ownerId, `Proveedor ${i} — ñandú`);
  });
  afterAll(() => source.close());

  it('restores into a fresh data folder with every row of every table', async () => {
    const file = path.join(parent, 'quiet.tar.gz');
    const before = await everything(source.db);
    const result = await ADMIN_COMMANDS['db:backup'].run(source.db, { file });
    expect(result).toMatchObject({ file, bytes: expect.any(Number) });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = path.join(parent, 'restored-quiet', 'pglite');
    await restoreEmbeddedDatabase(file, target);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await everything(restored.db)).toEqual(before);
      expect(before.silo_entries).toHaveLength(20);
    } finally {
      await restored.close();
    }
  });

  it('keeps every write acknowledged before the backup, and whole transactions only, while writes go on', async () => {
    const acknowledged: string[] = [];
    let writing = true;
    // Each write is one transaction of two statements: an entry and its meta record.
    const writes = (async () => {
      for (let i = 0; writing; i++) {
        const id = randomUUID();
        await source.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into silo_entries (id, owner_id, doc_schema, data, request_hash) values (${id}, ${ownerId}, 'https://gobl.org/draft-0/org/party', '{}'::jsonb, ${`busy-${i}`})`,
          );
          await tx.execute(
            sql`insert into silo_meta (owner_id, entry_id, src, key) values (${ownerId}, ${id}, 'backup-test', 'pair')`,
          );
        });
        acknowledged.push(id);
        // PGlite answers through microtasks only: without a turn of the event loop, no timer (and
        // no backup) would ever run. Requests arriving over HTTP give it that turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 5));
    const ackedBefore = [...acknowledged];
    const archive = await backupEmbeddedDatabase(source.db);
    writing = false;
    await writes;
    const file = path.join(parent, 'busy.tar.gz');
    writeFileSync(file, archive);

    const target = path.join(parent, 'restored-busy', 'pglite');
    await restoreEmbeddedDatabase(file, target);
    const restored = await openDatabase({ dataDir: target });
    try {
      const pairs = await queryRows<{ id: string; meta: number }>(
        restored.db,
        sql`select e.id, (select count(*)::int from silo_meta m where m.entry_id = e.id and m.src = 'backup-test') as meta
            from silo_entries e where e.request_hash like 'busy-%'`,
      );
      const ids = pairs.map((p) => p.id);
      for (const id of ackedBefore) expect(ids).toContain(id);
      expect(pairs.filter((p) => p.meta !== 1)).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('never overwrites a file, never restores over a database, refuses what is not a backup', async () => {
    const file = path.join(parent, 'once.tar.gz');
    await ADMIN_COMMANDS['db:backup'].run(source.db, { file });
    await expect(ADMIN_COMMANDS['db:backup'].run(source.db, { file })).rejects.toMatchObject({
      code: 'backup_exists',
    });
    await expect(
      restoreEmbeddedDatabase(file, path.join(parent, 'source', 'pglite')),
    ).rejects.toThrow(/already holds a database/);
    const junk = path.join(parent, 'junk.tar.gz');
    writeFileSync(junk, 'not an archive');
    const target = path.join(parent, 'restored-junk', 'pglite');
    await expect(restoreEmbeddedDatabase(junk, target)).rejects.toThrow(/not a backup/);
    await expect(
      restoreEmbeddedDatabase(path.join(parent, 'missing.tar.gz'), target),
    ).rejects.toThrow(/No backup file/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('db:backup on PostgreSQL', () => {
  it('is refused with the tool to use instead', async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
    try {
      await expect(
        ADMIN_COMMANDS['db:backup'].run(database.db, { file: path.join(parent, 'pg.tar.gz') }),
      ).rejects.toMatchObject({
        code: 'backup_refused',
        message: expect.stringMatching(/pg_dump/),
      });
    } finally {
      await database.close();
    }
  });
});
