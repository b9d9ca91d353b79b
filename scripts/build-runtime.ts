import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_INPUTS_FILE } from '../src/cli/bundle-freshness';
import { bundleOptions, type NodeBundleOptions, runtimeBundleOptions } from './bundle-options';

/**
 * Bundles the three Node processes, packages included, except the native addons (options in
 * scripts/bundle-options.ts):
 * - the runtime (src/server/process/main.ts) into dist/runtime/main.mjs, split so that code loaded on first
 *   use (the AI SDK adapter, behind a dynamic import) sits in its own file and is not read at start,
 *   without the packages it does not use;
 * - the launcher (src/cli/main.ts) into dist/cli/main.mjs;
 * - the automation service (src/automation/main.ts) into dist/automation/main.mjs, split so that the
 *   store it does not use (PostgreSQL's client on SQLite, and the reverse) is never read.
 * Why (measured, scripts/bench/startup.bench.ts): tsx compiling the launcher on every start cost it
 * three times the CPU and 30 MiB; resolving and reading ~600 package files one by one was half of
 * the runtime's start-up CPU; comments and indentation in a 3 MB source are memory for as long as the
 * process lives (whitespace and syntax are minified, names are kept for stack traces).
 * Each folder gets the files the bundle depends on (BUNDLE_INPUTS_FILE): the launcher runs a bundle
 * only while none of them changed since (src/cli/bundle-freshness.ts).
 */
const repo = join(import.meta.dirname, '..');
/** Rewritten by npm on every install: a changed package makes the bundles stale (their files keep old times). */
const INSTALL_RECORD = 'node_modules/.package-lock.json';

await bundle(runtimeBundleOptions());
await bundle(bundleOptions('src/cli/main.ts', 'dist/cli', { splitting: false }));
await bundle(bundleOptions('src/automation/main.ts', 'dist/automation', { splitting: true }));

async function bundle(options: NodeBundleOptions): Promise<void> {
  const outdir = options.outdir;
  // Chunk names carry hashes: without a clean folder, every build would leave the previous ones behind.
  rmSync(join(repo, outdir), { recursive: true, force: true });
  const result = await build(options);
  writeFileSync(join(repo, outdir, BUNDLE_INPUTS_FILE), `${JSON.stringify(sourceInputs(result.metafile))}\n`);
}

/**
 * Repo-relative paths of our source files in a bundle, plus package.json and npm's install record
 * standing for the packages (files unpacked by npm carry the package's times, not the install's).
 */
function sourceInputs(metafile: Metafile): string[] {
  const sources = Object.keys(metafile.inputs)
    // Modules a plugin made (`namespace:path`) are not files; the packages they stand for are covered below.
    .filter((path) => !/^[a-z-]+:/.test(path))
    .map((path) => relative(repo, join(repo, path)))
    .filter((path) => !path.startsWith('node_modules/'));
  const installRecord = existsSync(join(repo, INSTALL_RECORD)) ? [INSTALL_RECORD] : [];
  return ['package.json', ...installRecord, ...sources.sort()];
}
