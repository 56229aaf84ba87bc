import { describe, expect, it } from 'vitest';
import { ENTRY_WITH_META, INSERT_ENTRY_WITH_STATE, INSERT_JOB_IF_REFERENCES_EXIST } from '@/bench/support/baseline-sql';
import { entryWithMeta } from '@/lib/silo/get-entry';
import { insertEntryWithState } from '@/lib/silo/insert-entry';
import { insertJobIfReferencesExist } from '@/lib/transform/insert-job';

describe('API bench baseline', () => {
  it('runs the very statements the app runs for the measured endpoints', () => {
    expect(ENTRY_WITH_META).toBe(entryWithMeta.text);
    expect(INSERT_ENTRY_WITH_STATE).toBe(insertEntryWithState.text);
    expect(INSERT_JOB_IF_REFERENCES_EXIST).toBe(insertJobIfReferencesExist.text);
  });
});
