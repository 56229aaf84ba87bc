import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES } from '@/lib/arca';
import { MAX_FILE_BYTES } from '@/components/wizard/use-file-limit';

describe('file limit in the wizard forms', () => {
  it('refuses in the browser exactly what the certificate intake refuses on the server', () => {
    expect(MAX_FILE_BYTES).toBe(MAX_INPUT_BYTES);
  });
});
