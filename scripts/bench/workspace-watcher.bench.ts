import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { watchWorkspace } from '../../src/runtime/checkpoints/workspace-watcher';
import type { BenchFigure } from './bench-figure';

const CHURN_SECONDS = 8;
const SETTLES = 9;

/**
 * What a process that churns files in a running conversation's workspace costs the runtime: the
 * watcher's event loop delay while 100 files are renamed back and forth as fast as perl can, and how
 * long a step's settle takes meanwhile (the work an agent can push onto the control plane). Files, not
 * folders: a folder swapped while it is read makes the watcher give up, which costs nothing after.
 */
export default async function workspaceWatcherBench(): Promise<BenchFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'awb-watcher-bench-'));
  const workspace = join(root, 'workspace');
  mkdirSync(workspace);
  const watcher = await watchWorkspace(workspace);
  const churner = spawn('perl', ['-e', CHURN, workspace, String(CHURN_SECONDS)], { stdio: 'ignore' });
  try {
    while (!existsSync(join(workspace, '.churning'))) await new Promise((resolve) => setTimeout(resolve, 20));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const settles: number[] = [];
    for (let index = 0; index < SETTLES; index++) {
      const started = performance.now();
      await watcher.settle();
      settles.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    delay.disable();
    if (churner.exitCode !== null) throw new Error('the churn ended before the settles were measured');
    if (!watcher.healthy()) throw new Error('the watcher gave up under the churn');
    return [
      { name: 'workspace watcher under file churn: settle', unit: 'ms', samples: settles },
      {
        name: 'workspace watcher under file churn: event loop delay p99',
        unit: 'ms',
        samples: [delay.percentile(99) / 1e6],
      },
    ];
  } finally {
    churner.kill('SIGKILL');
    await watcher.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const CHURN = [
  'my ($folder, $seconds) = @ARGV; chdir $folder or die;',
  'for my $i (0..99) { open my $f, ">", "f$i"; close $f }',
  'open my $m, ">", ".churning"; close $m;',
  'my $end = time + $seconds;',
  'while (time < $end) { for my $i (0..99) { rename("f$i", "g$i") } for my $i (0..99) { rename("g$i", "f$i") } }',
].join(' ');
