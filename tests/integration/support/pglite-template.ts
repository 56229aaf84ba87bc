// Vitest global setup for the integration project: one migrated in-memory PGlite, dumped to a file
// that every suite's in-memory database starts from (see migratedPglite in databases.ts). PGlite's
// initdb takes seconds per instance; loading the dump takes a fraction of that.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/lib/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped migrated PGlite data folder (a tar file). */
    migratedPgliteFile: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory://' });
  if (database.driver.kind !== 'pglite') throw new Error('expected the embedded database');
  const dump = await database.driver.client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'arca-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
