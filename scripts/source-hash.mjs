import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// What the Next build depends on: when this hash changes, `npm start` rebuilds.
const INPUTS = [
  'app',
  'components',
  'lib',
  'messages',
  'proxy.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
];

function* walk(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* walk(path.join(entry, name));
  } else {
    yield entry;
  }
}

export function sourceHash(root = process.cwd()) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of walk(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export const HASH_FILE = '.next/source-hash';
