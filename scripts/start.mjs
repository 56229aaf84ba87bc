// `npm start`: build when the sources changed since the last build, then serve in production mode,
// in this same process so SIGTERM reaches server.ts's graceful shutdown directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { HASH_FILE, sourceHash } from './source-hash.mjs';

const built =
  existsSync('.next/BUILD_ID') &&
  existsSync(HASH_FILE) &&
  readFileSync(HASH_FILE, 'utf8') === sourceHash();
if (!built) {
  console.log('Building the app (first start or changed sources)…');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = 'production';
const { register } = await import('tsx/esm/api');
register();
await import('./server-only.mjs');
await import('../server.ts');
