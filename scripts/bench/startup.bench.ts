import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { automationPidOf, childPids, runtimePidOf } from '../../src/cli/testing/child-pids';
import { freePort } from '../../src/cli/testing/free-port';
import { isolatedEnv, READY_LINE } from '../../src/cli/testing/start-test-workbench';
import { isBundleCurrent } from '../../src/cli/bundle-freshness';
import type { BenchFigure } from './bench-figure';
import { processCpuMs } from './process-cpu-ms';
import { startupFloorMs } from './startup-floor';
import { treeResidentMiB } from './tree-resident-memory';

/** Starts measured; `--startup-runs=N` takes more, for medians on a machine shared with other work. */
const DEFAULT_RUNS = 5;
const IDLE_SETTLE_MS = 5_000;
const root = join(import.meta.dirname, '..', '..');

/**
 * The start-up figures: time from `npm start` to the ready line (fresh data dir each run, so the session
 * key and database are created as on a first start) and the idle memory of the launcher, the
 * runtime and the automation service 5 s later. Uses the build's bundles when they are current, as `npm start` does (it says
 * which ran). The CPU time the two processes spent until the ready line is reported too: unlike the
 * wall-clock figure it hardly moves when other work shares the machine.
 */
export default async function startupBenchmark(): Promise<BenchFigure[]> {
  process.stderr.write(
    `  launcher: ${isBundleCurrent(root, join(root, 'dist', 'cli')) ? 'dist/cli bundle' : 'sources through tsx (run npm run build)'}, ` +
      `runtime: ${isBundleCurrent(root, join(root, 'dist', 'runtime')) ? 'dist/runtime bundle' : 'sources through tsx (run npm run build)'}\n`,
  );
  if (process.env.NODE_EXTRA_CA_CERTS)
    process.stderr.write('  NODE_EXTRA_CA_CERTS is set: every Node boot reads it first (in the floor too)\n');
  const samples: StartupSample[] = [];
  const floors: number[] = [];
  const runs = startupRunsOption(process.argv);
  // In turns, so that whatever else the machine does weighs on both alike.
  for (let run = 0; run < runs; run++) {
    floors.push(await startupFloorMs(isolatedEnv()));
    samples.push(await startOnce());
  }
  const column = (key: keyof StartupSample) => samples.map((sample) => sample[key]);
  return [
    { name: 'startup: npm start to ready line', unit: 'ms', samples: column('readyMs') },
    {
      name: 'startup: floor, npm start of a bare Node launcher and listening Node child',
      unit: 'ms',
      samples: floors,
    },
    {
      name: 'startup: npm start to ready line, above the floor',
      unit: 'ms',
      samples: samples.map((sample, run) => sample.readyMs - (floors[run] as number)),
    },
    { name: 'startup: CPU time of launcher + runtime to ready line', unit: 'ms', samples: column('cpuMs') },
    { name: 'startup: launcher idle RSS', unit: 'MiB', samples: column('launcherRssMiB') },
    { name: 'startup: runtime idle RSS', unit: 'MiB', samples: column('runtimeRssMiB') },
    { name: 'startup: automation service idle RSS', unit: 'MiB', samples: column('automationRssMiB') },
    {
      name: 'startup: idle tree, sum of RSS (shared code counted per process)',
      unit: 'MiB',
      samples: column('treeRssMiB'),
    },
    {
      name: 'startup: idle tree, each resident page once',
      unit: 'MiB',
      samples: column('treeMiB'),
    },
  ];
}

interface StartupSample {
  readyMs: number;
  cpuMs: number;
  launcherRssMiB: number;
  runtimeRssMiB: number;
  automationRssMiB: number;
  treeRssMiB: number;
  treeMiB: number;
}

async function startOnce(): Promise<StartupSample> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const args = ['start', '--silent', '--', '--no-open', '--port', String(await freePort())];
  args.push('--runtime-port', String(await freePort()), '--data-dir', join(directory, 'data'));
  args.push('--automation-port', String(await freePort()));
  args.push('--workspace', directory);
  const started = performance.now();
  const npm = spawn('npm', args, {
    cwd: root,
    env: isolatedEnv(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      npm.stdout.on('data', (chunk: Buffer) => {
        if (
          chunk
            .toString()
            .split('\n')
            .some((line) => READY_LINE.test(line.trim()))
        )
          resolve();
      });
      npm.on('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready`)));
    });
    const readyMs = performance.now() - started;
    // npm runs the launcher through `sh -c`, whose command line names the bin too: pick the node process.
    const launcher = descendants(npm.pid ?? 0).find((pid) => {
      const [program, ...rest] = commandOf(pid);
      return /(^|\/)node$/.test(program ?? '') && rest.some((part) => part.endsWith('agent-workbench.mjs'));
    });
    const runtime = launcher ? runtimePidOf(launcher) : undefined;
    if (!launcher || !runtime) throw new Error('could not find the launcher and runtime processes');
    const cpuMs = processCpuMs(launcher) + processCpuMs(runtime);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    // Started once the runtime answers, so looked up after the wait.
    const automation = automationPidOf(launcher);
    if (!automation) throw new Error('could not find the automation service process');
    const tree = [launcher, runtime, automation];
    return {
      readyMs,
      cpuMs,
      launcherRssMiB: rssMiB(launcher),
      runtimeRssMiB: rssMiB(runtime),
      automationRssMiB: rssMiB(automation),
      treeRssMiB: tree.reduce((sum, pid) => sum + rssMiB(pid), 0),
      treeMiB: treeResidentMiB(tree),
    };
  } finally {
    if (npm.pid) process.kill(-npm.pid, 'SIGTERM');
    await new Promise((resolve) => npm.once('exit', resolve).once('error', resolve));
    rmSync(directory, { recursive: true, force: true });
  }
}

export function startupRunsOption(argv: readonly string[]): number {
  const option = argv.find((argument) => argument.startsWith('--startup-runs='));
  if (option === undefined) return DEFAULT_RUNS;
  const value = Number(option.slice('--startup-runs='.length));
  if (!Number.isInteger(value) || value < 1)
    throw new Error('--startup-runs must be a whole number of at least 1');
  return value;
}

function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}

function commandOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
}

/** User plus system CPU time so far (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
}
