import { describe, it } from 'vitest';
import { missingSharedAfip } from './shared-afip';

/**
 * A suite that needs files from ../shared/afip. Without them it is reported as skipped, with the
 * missing files in its name, and its body never runs (so it may read them as it is defined).
 */
export function describeWithSharedAfip(
  files: readonly string[],
  name: string,
  body: () => void,
): void {
  const missing = missingSharedAfip(files);
  if (missing) describe.skip(`${name} (${missing})`, () => it.skip(missing, () => undefined));
  else describe(name, body);
}

/** One test that needs files from ../shared/afip; skipped, saying which, when they are missing. */
export function itWithSharedAfip(
  files: readonly string[],
  name: string,
  body: () => unknown,
  timeout?: number,
): void {
  const missing = missingSharedAfip(files);
  if (missing) it.skip(`${name} (${missing})`, () => undefined);
  else it(name, body, timeout);
}
