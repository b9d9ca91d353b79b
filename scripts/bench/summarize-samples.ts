/** What the table shows of one figure's samples. */
export interface SampleSummary {
  median: number;
  p25: number;
  p75: number;
  p95: number;
  count: number;
}

/** Percentiles by linear interpolation between the closest ranks. Throws on no samples (a bench bug). */
export function summarizeSamples(samples: readonly number[]): SampleSummary {
  if (samples.length === 0) throw new Error('a figure needs at least one sample');
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    p25: percentile(sorted, 0.25),
    p75: percentile(sorted, 0.75),
    p95: percentile(sorted, 0.95),
    count: sorted.length,
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  const rank = (sorted.length - 1) * fraction;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] ?? 0;
  const highValue = sorted[high] ?? lowValue;
  return lowValue + (highValue - lowValue) * (rank - low);
}
