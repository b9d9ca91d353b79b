import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchFigure, Benchmark } from './bench-figure';
import { mergeBenchResults, readBenchResults } from './bench-results';
import { formatBenchTable } from './format-bench-table';

/**
 * `npm run bench [-- filter…]`: runs every scripts/bench/*.bench.ts whose file name contains one of
 * the filters (all without), one after the other so they do not disturb each other, prints one
 * table and writes bench-results.json at the repo root (previous figures kept, compared against).
 */
const benchDirectory = dirname(fileURLToPath(import.meta.url));
const resultsPath = join(benchDirectory, '..', '..', 'bench-results.json');
// Arguments starting with -- are options for the benchmarks themselves (e.g. --search-events=N).
const filters = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));

const files = readdirSync(benchDirectory)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')}.`);
  process.exit(1);
}

const previous = readBenchResults(resultsPath);
const figures: BenchFigure[] = [];
const failures: string[] = [];
for (const file of files) {
  const started = Date.now();
  process.stderr.write(`running ${file}…\n`);
  try {
    const module = (await import(pathToFileURL(join(benchDirectory, file)).href)) as { default: Benchmark };
    figures.push(...(await module.default()));
    process.stderr.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } catch (error) {
    failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(formatBenchTable(figures, previous));
writeFileSync(
  resultsPath,
  `${JSON.stringify(mergeBenchResults(previous, figures, new Date().toISOString()), null, 2)}\n`,
);
if (failures.length > 0) {
  console.error(`\n${failures.length} benchmark(s) failed:\n${failures.join('\n')}`);
  process.exit(1);
}
