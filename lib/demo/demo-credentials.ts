import 'server-only';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/config';
import { getMasterKeyring, openSecret, sealSecret } from '@/lib/crypto';

/** What the demo prints and a newcomer copies: the same at every start. */
interface DemoCredentials {
  apiKey?: string;
  consolePassword?: string;
}

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.sealed';
export const DEMO_CREDENTIALS_AD = 'arca-registration demo credentials';

/**
 * The database keeps only hashes of API keys and passwords, so the plaintexts the demo shows are
 * kept here, sealed under the master key (AES-256-GCM), readable by the owner only. A file that
 * is missing or does not open (another master key) reads as empty: the demo makes new ones.
 */
export function readDemoCredentials(dataDir = getEnv().dataDir): DemoCredentials {
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(
      openSecret(
        readFileSync(file, 'utf8').trim(),
        getMasterKeyring(),
        DEMO_CREDENTIALS_AD,
      ).toString('utf8'),
    );
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { apiKey, consolePassword } = parsed as Record<string, unknown>;
    return {
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
      consolePassword: typeof consolePassword === 'string' ? consolePassword : undefined,
    };
  } catch {
    return {};
  }
}

export function writeDemoCredentials(
  credentials: DemoCredentials,
  dataDir = getEnv().dataDir,
): void {
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  const draft = `${file}.${process.pid}`;
  writeFileSync(
    draft,
    sealSecret(JSON.stringify(credentials), getMasterKeyring(), DEMO_CREDENTIALS_AD) + '\n',
    { mode: 0o600 },
  );
  renameSync(draft, file);
}
