import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);
const alias = {
  '@': root,
  'server-only': path.join(root, 'tests/support/empty-module.ts'),
};

export default defineConfig({
  test: {
    // Most integration files wait (on PostgreSQL, child processes, timers): two at a time even on two
    // cores, where Vitest's default (one fewer than the cores) would run them one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One migrated PGlite, dumped once; every suite's in-memory database starts from it.
          globalSetup: ['tests/integration/support/pglite-template.ts'],
          setupFiles: ['tests/integration/support/postgres-per-worker.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
