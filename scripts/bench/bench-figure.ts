/**
 * One measured figure. Every `scripts/bench/*.bench.ts` default-exports an async function returning
 * a list of these; `npm run bench` (scripts/bench/run.ts) runs them all, prints one table (figure,
 * median, spread, unit) and writes bench-results.json so runs can be compared.
 */
export interface BenchFigure {
  name: string;
  unit: string;
  /** Raw samples; the runner reports the median and the spread. One sample is allowed for sizes. */
  samples: number[];
  /** Lower is better unless false (rates). */
  lowerIsBetter?: boolean;
}

export type Benchmark = () => Promise<BenchFigure[]>;
