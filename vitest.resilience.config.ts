import path from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:resilience`: processes killed and databases restarted on purpose (tests/resilience/).
// Its own config, not a project of vitest.config.ts, so `npm run test:integration` never runs it.
const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: { '@': root, 'server-only': path.join(root, 'tests/support/empty-module.ts') },
  },
  test: {
    name: 'resilience',
    include: ['tests/resilience/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time: the kills are timed against leases of a second or two and a step in
    // flight; files in parallel starve each other's processes on two cores and the kill lands elsewhere.
    maxWorkers: 1,
    // The faults log warnings by design; the counts each scenario prints are the report.
    env: { LOG_LEVEL: 'error' },
  },
});
