import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createToolset } from '../../src/runtime/tools/create-toolset';
import { findExecutable } from '../../src/runtime/tools/terminal/shell-launch';
import type { BenchFigure } from './bench-figure';

const RUNS = 50;
const WARMUP = 3;
const STARTS = 10;

/**
 * Terminal round trip: one `echo hi` through the tool (parse, pty, marker, observation), and the
 * first call of a conversation, which also starts the shell; sandboxed and not.
 */
export default async function terminalBench(): Promise<BenchFigure[]> {
  const modes = [false];
  if (findExecutable('bwrap', process.env.PATH) !== undefined) modes.push(true);
  else console.warn('terminal bench: bwrap is not installed; the sandboxed figures are skipped');
  const figures: BenchFigure[] = [];
  for (const sandbox of modes) {
    figures.push(await roundTrip(sandbox));
    const startSamples: number[] = [];
    for (let start = 0; start < STARTS; start++) startSamples.push(...(await timeEchoes(sandbox, 0, 1)));
    figures.push({
      name: `terminal first call incl. shell start (${label(sandbox)})`,
      unit: 'ms',
      samples: startSamples,
    });
  }
  return figures;
}

function label(sandbox: boolean): string {
  return sandbox ? 'sandboxed' : 'no sandbox';
}

async function roundTrip(sandbox: boolean): Promise<BenchFigure> {
  const samples = await timeEchoes(sandbox, WARMUP, RUNS);
  return { name: `terminal round trip, echo hi (${label(sandbox)})`, unit: 'ms', samples };
}

async function timeEchoes(sandbox: boolean, warmup: number, runs: number): Promise<number[]> {
  const workspaceDir = await mkdtemp(join(tmpdir(), 'awb-terminal-bench-'));
  const toolset = createToolset({
    conversationId: 'bench',
    workspaceDir,
    observationsDir: join(workspaceDir, '.obs'),
    sandbox,
  });
  const terminal = toolset.get('terminal');
  if (terminal === undefined) throw new Error('toolset has no terminal');
  const context = {
    conversationId: 'bench',
    workspaceDir,
    observationsDir: join(workspaceDir, '.obs'),
    signal: new AbortController().signal,
  };
  const samples: number[] = [];
  try {
    for (let run = 0; run < warmup + runs; run++) {
      const started = performance.now();
      const parsed = terminal.parseArguments({ command: 'echo hi' });
      if (!parsed.ok) throw new Error(parsed.error);
      const observation = await terminal.execute(parsed.action, context);
      const elapsed = performance.now() - started;
      if (observation.kind !== 'TerminalObservation' || observation.exit_code !== 0) {
        throw new Error('echo hi did not complete');
      }
      if (run >= warmup) samples.push(elapsed);
    }
  } finally {
    await toolset.close();
    await rm(workspaceDir, { recursive: true, force: true });
  }
  return samples;
}
