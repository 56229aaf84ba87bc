/** One line of the bench table. Scenarios fill what applies to them. */
export interface BenchRow {
  /** The scenario module that produced the row (set by bench/index.ts). */
  group?: string;
  scenario: string;
  /** What this row measures against, e.g. "bare node:http" or "target ≥ 60%". */
  variant: string;
  rps?: number;
  p50_ms?: number;
  p99_ms?: number;
  /** This row's throughput (or time) divided by its baseline's, when it has one. */
  ratio?: number;
  /** Free text: sizes, counts, memory. */
  note?: string;
}

export type Scenario = () => Promise<BenchRow[]>;
