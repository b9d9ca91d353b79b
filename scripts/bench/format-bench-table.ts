import type { BenchFigure } from './bench-figure';
import type { BenchResults } from './bench-results';
import { summarizeSamples } from './summarize-samples';

/**
 * The one table `npm run bench` prints: figure, median, spread (p25–p75), p95, unit, and the ratio of
 * the median to the previous run's ("1.20x worse" reads the same for times and for rates).
 */
export function formatBenchTable(figures: readonly BenchFigure[], previous: BenchResults | null): string {
  const header = ['figure', 'median', 'spread p25–p75', 'p95', 'unit', 'vs previous'];
  const rows = figures.map((figure) => {
    const summary = summarizeSamples(figure.samples);
    const spread = summary.count > 1 ? `${formatNumber(summary.p25)}–${formatNumber(summary.p75)}` : '';
    const p95 = summary.count > 1 ? formatNumber(summary.p95) : '';
    return [
      figure.name,
      formatNumber(summary.median),
      spread,
      p95,
      figure.unit,
      comparison(figure, summary.median, previous),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 4 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function comparison(figure: BenchFigure, median: number, previous: BenchResults | null): string {
  const before = previous?.figures[figure.name];
  if (!before || before.median === 0 || before.unit !== figure.unit) return '';
  const ratio = median / before.median;
  if (Math.abs(ratio - 1) < 0.05) return `${ratio.toFixed(2)}x same`;
  const better = figure.lowerIsBetter === false ? ratio > 1 : ratio < 1;
  return `${ratio.toFixed(2)}x ${better ? 'better' : 'worse'}`;
}

/** Three significant digits, thousands grouped: 0.0123, 4.56, 789, 12,300. */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  const decimals = Math.max(0, 2 - Math.floor(Math.log10(magnitude)));
  return value.toFixed(decimals);
}
