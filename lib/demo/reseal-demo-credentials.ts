import 'server-only';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resealSecret, SealError, type Keyring, type ResealCount } from '@/lib/crypto';
import { DEMO_CREDENTIALS_AD, DEMO_CREDENTIALS_FILE } from './demo-credentials';

/** Master key rotation: the demo's sealed credentials file in `dataDir`, re-sealed under the current key. */
export function resealDemoCredentials(keyring: Keyring, dataDir: string): ResealCount {
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  if (!existsSync(file)) return { resealed: 0, unreadable: 0 };
  const sealed = readFileSync(file, 'utf8').trim();
  let resealed: string;
  try {
    resealed = resealSecret(sealed, keyring, DEMO_CREDENTIALS_AD);
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    return { resealed: 0, unreadable: 1 };
  }
  if (resealed === sealed) return { resealed: 0, unreadable: 0 };
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, resealed + '\n', { mode: 0o600 });
  renameSync(draft, file);
  return { resealed: 1, unreadable: 0 };
}
