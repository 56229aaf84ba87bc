import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { HASH_FILE, sourceHash } from './source-hash.mjs';

const hash = sourceHash();
const result = spawnSync('npx', ['next', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(HASH_FILE, hash);
