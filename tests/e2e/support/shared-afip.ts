import { test } from '@playwright/test';
import {
  missingSharedAfip,
  REAL_CERTIFICATE,
  REAL_KEY,
  sharedAfipPath,
} from '../../support/shared-afip';

/** The real sandbox certificate and key, as paths under ../shared/afip for setInputFiles and reads. */
export const REAL_CERTIFICATE_FILE = sharedAfipPath(REAL_CERTIFICATE);
export const REAL_KEY_FILE = sharedAfipPath(REAL_KEY);

/** Call first in a test that uploads the real pair: without ../shared/afip it is skipped, saying why. */
export function needsRealPair(): void {
  const missing = missingSharedAfip([REAL_CERTIFICATE, REAL_KEY]);
  test.skip(missing !== undefined, missing);
}
