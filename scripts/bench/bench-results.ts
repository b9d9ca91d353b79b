import { existsSync, readFileSync } from 'node:fs';
import type { BenchFigure } from './bench-figure';
import { type SampleSummary, summarizeSamples } from './summarize-samples';

/** One figure as bench-results.json keeps it. */
export interface BenchResult extends SampleSummary {
  unit: string;
  lowerIsBetter: boolean;
  measured_at: string;
}

/** bench-results.json: every figure ever measured by name, each with its latest run. */
export interface BenchResults {
  node: string;
  figures: Record<string, BenchResult>;
}

/** The previous results, or none when the file is missing or unreadable (then nothing is compared). */
export function readBenchResults(path: string): BenchResults | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as BenchResults;
  } catch {
    // A damaged results file only costs the comparison column; the new run rewrites it.
    return null;
  }
}

/** The new file: the previous figures, with the ones just measured replaced. */
export function mergeBenchResults(
  previous: BenchResults | null,
  figures: readonly BenchFigure[],
  measuredAt: string,
): BenchResults {
  const merged: Record<string, BenchResult> = { ...(previous?.figures ?? {}) };
  for (const figure of figures) {
    merged[figure.name] = {
      ...summarizeSamples(figure.samples),
      unit: figure.unit,
      lowerIsBetter: figure.lowerIsBetter !== false,
      measured_at: measuredAt,
    };
  }
  return { node: process.version, figures: merged };
}
