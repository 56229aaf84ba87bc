import { describe, expect, it } from 'vitest';
import { missingSharedAfip, REAL_CERTIFICATE, sharedAfipPath } from '../support/shared-afip';

describe('shared ARCA reference files', () => {
  it('are read beside the repository, in ../shared/afip', () => {
    expect(sharedAfipPath(REAL_CERTIFICATE)).toBe(
      `${process.cwd().replace(/\/[^/]+$/, '')}/shared/afip/${REAL_CERTIFICATE}`,
    );
  });

  it('name what is missing, so a suite that needs it says why it was skipped', () => {
    expect(missingSharedAfip(['corpus/not-there.crt', 'fixtures/neither.key'])).toBe(
      'skipped: ../shared/afip/corpus/not-there.crt, ../shared/afip/fixtures/neither.key not found beside the repository (shared reference files are read there, never copied in)',
    );
  });
});
