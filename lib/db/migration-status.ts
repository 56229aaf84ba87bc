import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './db-type';
import { queryRows } from './rows';

const JOURNAL = path.join(process.cwd(), 'lib/db/migrations/meta/_journal.json');

export interface MigrationStatus {
  /** The newest migration this code ships (its journal's `when`, as drizzle records it). */
  expected: number;
  /** The newest migration the database has recorded, if any. */
  applied: number | null;
  upToDate: boolean;
}

let expected: number | undefined;

/** The newest migration in the committed journal; read once, the files do not change under a running process. */
function expectedMigration(): number {
  if (expected === undefined) {
    const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { when: number }[] };
    expected = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return expected;
}

/**
 * Whether the database has every migration this code ships. A database migrated by a newer
 * instance counts as up to date: migrations only add, so older code keeps working during a rollout.
 */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const [row] = await queryRows<{ applied: string | number | null }>(
    db,
    sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
  );
  const applied = row?.applied === null || row?.applied === undefined ? null : Number(row.applied);
  const wanted = expectedMigration();
  return { expected: wanted, applied, upToDate: applied !== null && applied >= wanted };
}
