import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './bench-figure';
import { measureUiBundle } from './ui-bundle-size';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Number(process.env.UI_BENCH_RUNS ?? 3);

interface UiFigures {
  first_render_ms: number;
  last_event_ms: number;
  scroll_frame_median_ms: number;
  scroll_frame_p95_ms: number;
}

/**
 * The UI figures, measured in Debian's Chromium through the real launcher: e2e/ui-bench.spec.ts
 * opens a 5,000-event conversation and scrolls it to the top; this runs that spec RUNS times (it needs
 * `npm run build` first) and reads the figures it reports as a test annotation. The JS sizes are
 * the initial JavaScript: what a first page load needs (entry, modulepreloads, static imports) apart
 * from the chunks fetched later (ui-bundle-size.ts); the spec's own js_gzip_kib sums every file, so is not used.
 */
export default async function uiBenchmark(): Promise<BenchFigure[]> {
  const bundle = measureUiBundle(join(root, 'dist', 'ui'));
  process.stderr.write(`  initial JS: ${bundle.initialFiles.join(', ')}\n`);
  const runs: UiFigures[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(runSpecOnce());
  const column = (key: keyof UiFigures) => runs.map((figures) => figures[key]);
  const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
  return [
    { name: 'ui: open 5,000 events, first render', unit: 'ms', samples: column('first_render_ms') },
    { name: 'ui: open 5,000 events, last event shown', unit: 'ms', samples: column('last_event_ms') },
    {
      name: 'ui: frame time scrolling 5,000 events (median)',
      unit: 'ms',
      samples: column('scroll_frame_median_ms'),
    },
    {
      name: 'ui: frame time scrolling 5,000 events (p95)',
      unit: 'ms',
      samples: column('scroll_frame_p95_ms'),
    },
    {
      name: 'ui: initial JS (entry, modulepreloads, static imports), gzip',
      unit: 'KiB',
      samples: [kib(bundle.initialGzipBytes)],
    },
    {
      name: 'ui: lazy JS chunks (routes, Markdown, highlighting), gzip',
      unit: 'KiB',
      samples: [kib(bundle.lazyGzipBytes)],
    },
  ];
}

function runSpecOnce(): UiFigures {
  const outputDirectory = mkdtempSync(join(tmpdir(), 'ui-bench-'));
  const reportPath = join(outputDirectory, 'report.json');
  try {
    const result = spawnSync(
      join(root, 'node_modules', '.bin', 'playwright'),
      ['test', 'e2e/ui-bench.spec.ts', '--reporter=json'],
      {
        cwd: root,
        env: { ...process.env, AGENT_WORKBENCH_UI_BENCH: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: reportPath },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (result.status !== 0)
      throw new Error(`ui-bench spec failed (exit ${result.status}): ${result.stderr.slice(-2000)}`);
    return readFigures(readFileSync(reportPath, 'utf8'));
  } finally {
    rmSync(outputDirectory, { recursive: true, force: true });
  }
}

function readFigures(reportText: string): UiFigures {
  const match = /"type":\s*"ui-bench",\s*"description":\s*"((?:[^"\\]|\\.)*)"/.exec(reportText);
  if (!match?.[1]) throw new Error('the ui-bench spec reported no figures');
  return JSON.parse(JSON.parse(`"${match[1]}"`)) as UiFigures;
}
