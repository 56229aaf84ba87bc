import { expect } from 'vitest';

/** What a scenario counts: the writes a client got an answer for, and what became of them after the fault. */
export interface Counts {
  /** Writes (uploads, jobs, deliveries, requests, rows) whose client got a success answer. */
  acknowledged: number;
  /** Acknowledged, then missing after the restart. */
  lost: number;
  /** Done twice where once is the rule (an invoice at ARCA, a step's side effect, a webhook id). */
  duplicated: number;
  /** Never finished after the fault (a job not done, a retry that never succeeded, a half-written state). */
  stuck: number;
}

/** Prints the scenario's counts on one line (the suite's report) and fails on any loss, duplicate or stuck item. */
export function reportCounts(scenario: string, counts: Counts, extra: Record<string, number> = {}) {
  const more = Object.entries(extra)
    .map(([name, value]) => `, ${name} ${value}`)
    .join('');
  console.log(
    `[resilience] ${scenario}: acknowledged ${counts.acknowledged}, lost ${counts.lost}, duplicated ${counts.duplicated}, stuck ${counts.stuck}${more}`,
  );
  expect(
    counts.acknowledged,
    `${scenario}: nothing was acknowledged, so nothing was tested`,
  ).toBeGreaterThan(0);
  expect(
    { lost: counts.lost, duplicated: counts.duplicated, stuck: counts.stuck },
    scenario,
  ).toEqual({
    lost: 0,
    duplicated: 0,
    stuck: 0,
  });
}
