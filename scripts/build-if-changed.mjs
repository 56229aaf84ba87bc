import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { HASH_FILE, sourceHash } from './source-hash.mjs';

/** Whether `.next` holds a production build of the current sources. */
export function isBuildCurrent() {
  return (
    existsSync('.next/BUILD_ID') &&
    existsSync(HASH_FILE) &&
    readFileSync(HASH_FILE, 'utf8') === sourceHash()
  );
}

/** Builds (`npm run build`) when the sources changed since the last build; throws if the build fails. */
export function buildIfChanged() {
  if (isBuildCurrent()) return;
  console.log('Building the app (first start or changed sources, about a minute)…');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_TYPECHECK: 'skip' },
  });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status ?? 'signal'})`);
}
