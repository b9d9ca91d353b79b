import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { contentText } from '../../src/runtime/events';
import { createToolset } from '../../src/runtime/tools/create-toolset';
import { findExecutable } from '../../src/runtime/sandbox/find-executable';
import type { BenchFigure } from './bench-figure';

const RUNS = 50;
const WARMUP = 3;
const STARTS = 10;
const FLOOD_ABORTS = 8;
/** How long the flood runs before the interrupt, so the pty stream is at full speed. */
const FLOOD_BEFORE_ABORT_MS = 2_000;
const PROMPT_WAITS = 5;

/**
 * Terminal round trip: one `echo hi` through the tool (parse, pty, marker, observation), and the
 * first call of a conversation, which also starts the shell (and, sandboxed, bwrap's namespaces and
 * the terminal's cgroup); sandboxed and not (`sandbox: false`, as AGENT_WORKBENCH_SANDBOX=0). Also how
 * fast an interrupt ends a call while the command floods the terminal (`yes hello`), and how soon a
 * command stopped at a prompt (`read -p "Name? " x`) is reported as waiting for input (it used to take
 * the whole 30 s no-output limit).
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
  for (const sandbox of modes) figures.push(await floodAbort(sandbox));
  for (const sandbox of modes) figures.push(await promptWait(sandbox));
  return figures;
}

function label(sandbox: boolean): string {
  return sandbox ? 'sandboxed' : 'no sandbox';
}

async function roundTrip(sandbox: boolean): Promise<BenchFigure> {
  const samples = await timeEchoes(sandbox, WARMUP, RUNS);
  return { name: `terminal round trip, echo hi (${label(sandbox)})`, unit: 'ms', samples };
}

/** Milliseconds from the abort signal to execute() resolving while `yes hello` floods the pty. */
async function floodAbort(sandbox: boolean): Promise<BenchFigure> {
  const workspaceDir = await mkdtemp(join(tmpdir(), 'awb-terminal-bench-'));
  const observationsDir = join(workspaceDir, '.obs');
  const toolset = createToolset({ conversationId: 'bench', workspaceDir, observationsDir, sandbox });
  const terminal = toolset.get('terminal');
  if (terminal === undefined) throw new Error('toolset has no terminal');
  const samples: number[] = [];
  try {
    for (let run = 0; run < FLOOD_ABORTS; run++) {
      const controller = new AbortController();
      const parsed = terminal.parseArguments({ command: 'yes hello' });
      if (!parsed.ok) throw new Error(parsed.error);
      let abortedAt = 0;
      const timer = setTimeout(() => {
        abortedAt = performance.now();
        controller.abort();
      }, FLOOD_BEFORE_ABORT_MS);
      const context = { conversationId: 'bench', workspaceDir, observationsDir, signal: controller.signal };
      await terminal.execute(parsed.action, context);
      clearTimeout(timer);
      if (abortedAt === 0) throw new Error('yes hello ended before the interrupt');
      samples.push(performance.now() - abortedAt);
      const check = terminal.parseArguments({ command: 'echo ok' });
      if (!check.ok) throw new Error(check.error);
      const after = await terminal.execute(check.action, {
        ...context,
        signal: new AbortController().signal,
      });
      if (after.kind !== 'TerminalObservation' || after.exit_code !== 0) {
        throw new Error('the shell did not recover after the interrupted flood');
      }
    }
  } finally {
    await toolset.close();
    await rm(workspaceDir, { recursive: true, force: true });
  }
  return {
    name: `terminal interrupt during output flood, abort to return (${label(sandbox)})`,
    unit: 'ms',
    samples,
  };
}

/** Milliseconds from the call to the observation that `read -p "Name? " x` waits for input; then answered. */
async function promptWait(sandbox: boolean): Promise<BenchFigure> {
  const workspaceDir = await mkdtemp(join(tmpdir(), 'awb-terminal-bench-'));
  const observationsDir = join(workspaceDir, '.obs');
  const toolset = createToolset({ conversationId: 'bench', workspaceDir, observationsDir, sandbox });
  const terminal = toolset.get('terminal');
  if (terminal === undefined) throw new Error('toolset has no terminal');
  const context = {
    conversationId: 'bench',
    workspaceDir,
    observationsDir,
    signal: new AbortController().signal,
  };
  const samples: number[] = [];
  try {
    for (let run = 0; run < PROMPT_WAITS; run++) {
      const parsed = terminal.parseArguments({ command: 'read -p "Name? " x; echo "hello $x"' });
      if (!parsed.ok) throw new Error(parsed.error);
      const started = performance.now();
      const waiting = await terminal.execute(parsed.action, context);
      samples.push(performance.now() - started);
      if (
        waiting.kind !== 'TerminalObservation' ||
        !contentText(waiting.content).includes('Waiting for input')
      ) {
        throw new Error('read -p was not reported as waiting for input');
      }
      const answer = terminal.parseArguments({ command: 'bench', is_input: true });
      if (!answer.ok) throw new Error(answer.error);
      const answered = await terminal.execute(answer.action, context);
      if (answered.kind !== 'TerminalObservation' || !contentText(answered.content).includes('hello bench')) {
        throw new Error('the answer did not reach read -p');
      }
    }
  } finally {
    await toolset.close();
    await rm(workspaceDir, { recursive: true, force: true });
  }
  return { name: `terminal waiting prompt reported, read -p (${label(sandbox)})`, unit: 'ms', samples };
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
