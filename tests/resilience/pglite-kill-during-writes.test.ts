import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, schema } from '@/lib/db';
import { spawnScript } from './support/child-process';
import { reportCounts } from './support/counts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-resilience-pglite-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  MASTER_KEY: randomBytes(32).toString('base64'),
};
const ROUNDS = 2;
const WRITES_BEFORE_KILL = 40;

describe('PGlite killed (kill -9) during writes [embedded database]', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reopens with every acknowledged write, whole, each once', { timeout: 300_000 }, async () => {
    const acknowledged: string[] = [];
    let workspaceId = '';
    // Each round opens what the previous kill left (the first recovery), writes, and is killed mid-write.
    for (let round = 1; round <= ROUNDS; round++) {
      const writer = spawnScript('tests/resilience/support/pglite-writer.ts', {
        ...env,
        WORKSPACE_ID: workspaceId,
        ROUND: String(round),
      });
      try {
        workspaceId = String((await writer.line((l) => 'workspace' in l, 180_000)).workspace);
        await writer.line(
          () => writer.lines.filter((l) => 'ack' in l).length >= WRITES_BEFORE_KILL,
          60_000,
        );
      } finally {
        await writer.crash();
      }
      expect(writer.child.signalCode).toBe('SIGKILL');
      acknowledged.push(...writer.lines.filter((l) => 'ack' in l).map((l) => String(l.ack)));
    }

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const { db } = database;
      const rows = await db
        .select({ id: schema.entries.id, key: schema.entries.key })
        .from(schema.entries)
        .where(eq(schema.entries.ownerId, workspaceId));
      const keys = rows.map((r) => r.key!);
      const states = await db
        .select({ entryId: schema.entryStates.entryId })
        .from(schema.entryStates)
        .where(
          inArray(
            schema.entryStates.entryId,
            rows.map((r) => r.id),
          ),
        );
      const withState = new Set(states.map((s) => s.entryId));
      reportCounts(
        'PGlite kill -9 during writes',
        {
          acknowledged: acknowledged.length,
          lost: acknowledged.filter((key) => !keys.includes(key)).length,
          // Stored more than once, or stored though never written (at most the one in flight per kill is unacknowledged).
          duplicated:
            keys.length -
            new Set(keys).size +
            Math.max(0, keys.length - acknowledged.length - ROUNDS),
          // Half-written: an entry without the state row written with it.
          stuck: rows.filter((r) => !withState.has(r.id)).length,
        },
        { kills: ROUNDS, 'stored, never acknowledged': keys.length - acknowledged.length },
      );
    } finally {
      await database.close();
    }
  });
});
