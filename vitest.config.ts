import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);
const alias = {
  '@': root,
  'server-only': path.join(root, 'tests/support/empty-module.ts'),
};

// Unit files share one module graph per worker (not re-imported for every file: 112 s → 44 s for the
// unit suite on two cores), except those that replace modules with vi.mock, which need their own.
const unitFiles = readdirSync(path.join(root, 'tests/unit'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/unit/${file}`);
const mocksModules = new Set(
  unitFiles.filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(root, file), 'utf8'))),
);

export default defineConfig({
  test: {
    // Most integration files wait (on PostgreSQL, child processes, timers): two at a time even on two
    // cores, where Vitest's default (one fewer than the cores) would run them one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: unitFiles.filter((file) => !mocksModules.has(file)),
          environment: 'node',
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-isolated',
          include: [...mocksModules],
          environment: 'node',
        },
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
