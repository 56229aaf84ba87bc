import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database } from '@/lib/db';

type Kind = Database['kind'];

/** The databases integration suites run on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export function databaseKinds(): Kind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let migrated: Promise<Blob> | undefined;

/**
 * The migrated PGlite data folder that tests/integration/support/pglite-template.ts dumped once for
 * the whole run: in-memory databases start from it instead of running initdb and every migration.
 */
export function migratedPglite(): Promise<Blob> {
  return (migrated ??= readFile(inject('migratedPgliteFile')).then((bytes) => new Blob([bytes])));
}

/**
 * Runs a suite once per database. Each run opens its own migrated database: an in-memory PGlite (from the migrated copy),
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
            : { dataDir: 'memory://', pgliteStartFrom: await migratedPglite() },
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
