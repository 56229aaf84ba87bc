/** The p-th percentile of samples, to 0.1; undefined when there are none. */
export function percentile(samples: number[], p: number): number | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  return Number(
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1),
  );
}
