import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '@/lib/request-body';

describe('server action body limit', () => {
  it('is the same in next.config.mjs and in the page server that answers oversized posts', () => {
    const kb = /bodySizeLimit:\s*'(\d+)kb'/.exec(readFileSync('next.config.mjs', 'utf8'))?.[1];
    expect(Number(kb) * 1024).toBe(BODY_LIMITS.action);
  });
});
