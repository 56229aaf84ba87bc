import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db';
import { migratedPglite } from './support/databases';

// PGlite's shared buffers are resident for the process's whole life (written at start, never
// given back): the app opens it with fewer than initdb's 128MB (lib/db/client.ts).
describe('PGlite memory', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      dataDir: 'memory://',
      pgliteStartFrom: await migratedPglite(),
    });
  });
  afterAll(() => database.close());

  it('runs with 32MB of shared buffers, not initdb’s 128MB', async () => {
    if (database.driver.kind !== 'pglite') throw new Error('expected the embedded database');
    const { rows } = await database.driver.client.query<{ shared_buffers: string }>(
      'show shared_buffers',
    );
    expect(rows[0]?.shared_buffers).toBe('32MB');
  });

  it('keeps its WebAssembly memory at PGlite’s initial 128 MiB after opening', async () => {
    if (database.driver.kind !== 'pglite') throw new Error('expected the embedded database');
    // With 128MB of shared buffers PostgreSQL grew it to ≈ 189 MiB before the first query.
    expect(database.driver.client.Module.HEAPU8.buffer.byteLength).toBeLessThanOrEqual(
      128 * 1024 * 1024,
    );
  });
});
