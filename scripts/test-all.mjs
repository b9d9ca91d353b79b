#!/usr/bin/env node
// `npm test`: every check in a fixed order, never stopping early, ending with one plain line
// "N passed, N failed" that CI can trust (a run that executed no test cannot pass silently).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const results = join(root, 'test-results');
const vitestJson = join(results, 'vitest.json');
const playwrightJson = join(results, 'playwright.json');

mkdirSync(results, { recursive: true });
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

/** Runs one command with the output shown live; returns true when it exited 0. */
function run(label, command, args) {
  process.stdout.write(
    `\n=== ${label}: ${[command, ...args].map((part) => part.replace(root, '.')).join(' ')}\n`,
  );
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) process.stdout.write(`${label} could not start: ${result.error.message}\n`);
  const ok = result.status === 0;
  process.stdout.write(
    `=== ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s\n`,
  );
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const rows = [];
/** A check that counts once: typecheck, lint, gen:check, build. */
function check(label, ok) {
  rows.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}
/**
 * A test suite: its own counts, and at least one failure when it failed without naming one. Skipped
 * tests are counted and shown: a test that cannot run here must fail with its install hint, so a
 * skipped count above zero is something to look at, never a quiet pass.
 */
function suite(label, ok, passed, failed, skipped) {
  rows.push({ label, passed, failed: !ok && failed === 0 ? 1 : failed, skipped });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

check(
  'typecheck',
  [
    run('typecheck (tsconfig.json)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
    run('typecheck (tsconfig.ui.json)', bin('tsc'), ['-p', 'tsconfig.ui.json', '--noEmit']),
  ].every(Boolean),
);
check('lint', run('lint', npm, ['run', '--silent', 'lint']));
check('gen:check', run('gen:check', npm, ['run', '--silent', 'gen:check']));

// The container sandbox's tests run in the default image: built from Debian packages when missing
// (minutes, once), instant after; without a Docker daemon this check fails with what to do.
check('sandbox image', run('sandbox image', npm, ['run', '--silent', 'sandbox-image']));

const vitestOk = run('vitest', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
suite(
  'vitest',
  vitestOk,
  vitest?.numPassedTests ?? 0,
  vitest?.numFailedTests ?? 0,
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0),
);

check('build', run('build', npm, ['run', '--silent', 'build']));

const playwrightOk = run('playwright', bin('playwright'), ['test']);
const stats = readJson(playwrightJson)?.stats;
suite(
  'playwright',
  playwrightOk,
  (stats?.expected ?? 0) + (stats?.flaky ?? 0),
  stats?.unexpected ?? 0,
  stats?.skipped ?? 0,
);

process.stdout.write('\n=== summary\n');
for (const row of rows) {
  process.stdout.write(
    `${row.label.padEnd(14)} ${String(row.passed).padStart(5)} passed ${String(row.failed).padStart(4)} failed ${String(row.skipped).padStart(4)} skipped\n`,
  );
}
const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);
const skipped = rows.reduce((sum, row) => sum + row.skipped, 0);
// The failures by name, last: a log cut to its tail still says which tests failed.
const failures = [
  ...(vitest?.testResults ?? []).flatMap((file) => {
    const name = file.name.replace(`${root}/`, '');
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`vitest  ${name} (the file itself)`];
    return tests.map((test) => `vitest  ${name} > ${test.fullName}`);
  }),
  ...playwrightFailures(readJson(playwrightJson)?.suites ?? []),
];
if (failures.length > 0) process.stdout.write(`\n=== failed\n${failures.join('\n')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

/** Playwright's report nests suites (files, describes); a spec whose tests did not pass, by title. */
function playwrightFailures(suites, titles = []) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    const specs = (suite.specs ?? [])
      .filter((spec) => spec.ok === false)
      .map((spec) => `playwright  ${[...path, spec.title].join(' > ')}`);
    return [...specs, ...playwrightFailures(suite.suites ?? [], path)];
  });
}
