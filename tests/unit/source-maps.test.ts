import { afterEach, describe, expect, it } from 'vitest';
import { stopSourceMapsUnlessAsked } from '@/lib/server';

// tsx turns Node's source maps on for the whole process; kept on, Node holds every loaded
// module's source map (Next's server chunks: ≈ 70 MiB of heap). See lib/server/source-maps.ts.
describe('stopSourceMapsUnlessAsked', () => {
  const before = process.sourceMapsEnabled;
  afterEach(() => process.setSourceMapsEnabled(before));

  it('turns source maps off for a production or demo process', () => {
    for (const appEnv of ['production', 'demo']) {
      process.setSourceMapsEnabled(true);
      expect(stopSourceMapsUnlessAsked(appEnv, [])).toBe(true);
      expect(process.sourceMapsEnabled).toBe(false);
    }
  });

  it('leaves them on in development, and when the process was started with --enable-source-maps', () => {
    process.setSourceMapsEnabled(true);
    expect(stopSourceMapsUnlessAsked('development', [])).toBe(false);
    expect(
      stopSourceMapsUnlessAsked('production', ['--import', 'tsx', '--enable-source-maps']),
    ).toBe(false);
    expect(process.sourceMapsEnabled).toBe(true);
  });
});
