import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childPids } from '../../src/cli/testing/child-pids';
import { freePort } from '../../src/cli/testing/free-port';
import { isolatedEnv, READY_LINE } from '../../src/cli/testing/start-test-workbench';
import type { BenchFigure } from './bench-figure';

const RUNS = 5;
const IDLE_SETTLE_MS = 5_000;
const root = join(import.meta.dirname, '..', '..');

/**
 * Issue 2's figures: time from `npm start` to the ready line (fresh data dir each run, so the session
 * key and database are created as on a first start) and the idle memory of the launcher and the
 * runtime 5 s later. Uses the build's runtime bundle when it is current, as `npm start` does.
 */
export default async function startupBenchmark(): Promise<BenchFigure[]> {
  const readyMs: number[] = [];
  const launcherRss: number[] = [];
  const runtimeRss: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const sample = await startOnce();
    readyMs.push(sample.readyMs);
    launcherRss.push(sample.launcherRssMiB);
    runtimeRss.push(sample.runtimeRssMiB);
  }
  return [
    { name: 'startup: npm start to ready line', unit: 'ms', samples: readyMs },
    { name: 'startup: launcher idle RSS', unit: 'MiB', samples: launcherRss },
    { name: 'startup: runtime idle RSS', unit: 'MiB', samples: runtimeRss },
  ];
}

async function startOnce() {
  const directory = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const args = ['start', '--silent', '--', '--no-open', '--port', String(await freePort())];
  args.push('--runtime-port', String(await freePort()), '--data-dir', join(directory, 'data'));
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
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    // npm runs the launcher through `sh -c`, whose command line names the bin too: pick the node process.
    const launcher = descendants(npm.pid ?? 0).find((pid) => {
      const [program, ...rest] = commandOf(pid);
      return /(^|\/)node$/.test(program ?? '') && rest.some((part) => part.endsWith('agent-workbench.mjs'));
    });
    const runtime = launcher ? childPids(launcher)[0] : undefined;
    if (!launcher || !runtime) throw new Error('could not find the launcher and runtime processes');
    return { readyMs, launcherRssMiB: rssMiB(launcher), runtimeRssMiB: rssMiB(runtime) };
  } finally {
    if (npm.pid) process.kill(-npm.pid, 'SIGTERM');
    await new Promise((resolve) => npm.once('exit', resolve).once('error', resolve));
    rmSync(directory, { recursive: true, force: true });
  }
}

function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}

function commandOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
}

function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
}
