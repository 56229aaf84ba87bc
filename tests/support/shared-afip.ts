import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Files taken from other public projects (ARCA's certificates, keys and recorded answers) are not
// kept in this repository: tests read them from ../shared/afip beside it, where the suite runs.
// Works under vitest, Playwright and the bench alike (no test runner imported here).
const SHARED_AFIP = path.resolve('../shared/afip');

/** The real sandbox certificate and its key (django-afip's test fixture, expired 2026-09-05). */
export const REAL_CERTIFICATE = 'fixtures/certs/homologacion-cuit20329642330-expired-2026.crt';
export const REAL_KEY = 'fixtures/certs/homologacion-cuit20329642330-expired-2026.key';

/** The absolute path of a file under ../shared/afip (`file` relative to it). */
export const sharedAfipPath = (file: string) => path.join(SHARED_AFIP, file);

export const readSharedAfip = (file: string) => readFileSync(sharedAfipPath(file));

/** Why these shared files cannot be read here, or undefined when they are all there. */
export function missingSharedAfip(files: readonly string[]): string | undefined {
  const missing = files.filter((file) => !existsSync(sharedAfipPath(file)));
  if (!missing.length) return undefined;
  return `skipped: ../shared/afip/${missing.join(', ../shared/afip/')} not found beside the repository (shared reference files are read there, never copied in)`;
}
