import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from '@/lib/db';

type Kind = Database['kind'];

/** The databases integration suites run on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export function databaseKinds(): Kind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Runs a suite once per database. Each run opens its own migrated database: an in-memory PGlite,
 * or the shared PostgreSQL (tests there make their own rows, never assume an empty table).
 */
export function describeEachDatabase(name: string, suite: (get: () => Database) => void) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: Database | undefined;
      beforeAll(async () => {
        database = await openDatabase(
          kind === 'postgres'
            ? { databaseUrl: process.env.DATABASE_URL, dataDir: '', maxConnections: 20 }
            : { dataDir: 'memory://' },
        );
      });
      afterAll(async () => {
        await database?.close();
      });
      suite(() => {
        if (!database) throw new Error('database not opened yet');
        return database;
      });
    });
  }
}
