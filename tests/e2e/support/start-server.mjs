// The e2e web server: seed the fresh data folder, then start the app exactly as `npm start` does.
import { spawnSync } from 'node:child_process';
import { TS_NODE_ARGS } from '../../../scripts/ts-node-args.mjs';

for (const script of ['tests/e2e/support/seed.ts', 'tests/e2e/support/console-seed.ts']) {
  const seed = spawnSync(process.execPath, [...TS_NODE_ARGS, script], { stdio: 'inherit' });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}
await import('../../../scripts/start.mjs');
