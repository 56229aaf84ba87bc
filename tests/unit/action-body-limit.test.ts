import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_ACTION_BODY_BYTES } from '@/lib/page-cache';

describe('server action body limit', () => {
  it('is the same in next.config.mjs and in the page server that answers oversized posts', () => {
    const kb = /bodySizeLimit:\s*'(\d+)kb'/.exec(readFileSync('next.config.mjs', 'utf8'))?.[1];
    expect(Number(kb) * 1024).toBe(MAX_ACTION_BODY_BYTES);
  });
});
