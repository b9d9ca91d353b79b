import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestToolset } from '../../src/runtime/agent/testing/create-test-toolset';
import type { ConversationService } from '../../src/runtime/conversation/conversation-service';
import type { LLM } from '../../src/runtime/llm/llm';
import type { LLMScript } from '../../src/runtime/llm/llm-script';
import { createScriptedLLM } from '../../src/runtime/llm/scripted-llm';
import type { EventStore } from '../../src/runtime/store/event-store';
import { createInMemoryEventStore } from '../../src/runtime/store/in-memory-event-store';
import { openSqliteEventStore } from '../../src/runtime/store/sqlite-event-store';
import type { Tool, Toolset } from '../../src/runtime/tools/tool';
import { benchConversationService } from './bench-conversation-service';
import type { BenchFigure } from './bench-figure';
import { summarizeSamples } from './summarize-samples';
import { floorLoop, frameworkLoop, writeSmallWorkspace } from './step-against-floor';
import { writeBenchRepository } from './write-bench-repository';

const STEPS = 50;
const RUNS = 5;
const INTERRUPTS = 20;
/** Runs of each loop in the side-by-side (floor, framework small, framework 10k files). */
const SIDE_BY_SIDE_RUNS = 3;

/**
 * What the loop itself costs: a 50-step scripted task against a zero-latency in-process model and
 * instant tools, timed per step from one model call to the next with tool time subtracted (so the
 * figure is view, messages, parsing, risk, store appends and publication); and how long an interrupt
 * takes to bring a run blocked in a model call to `paused`. Side by side in the same run: a step
 * with a real sandboxed `echo` in the least loop doing the same work (the floor) and in the framework
 * with checkpoints on, each on a small workspace and on a 10,000-file repository, and their ratios.
 */
export default async function loopBenchmark(): Promise<BenchFigure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-'));
  try {
    const inMemory = await stepOverhead(() => createInMemoryEventStore(), dataDir);
    const sqlite = await stepOverhead(
      (run) => openSqliteEventStore(join(dataDir, `bench-${run}.db`)),
      dataDir,
    );
    return [
      {
        name: 'loop: framework overhead per step, in-memory store (50-step task)',
        unit: 'ms',
        samples: inMemory,
      },
      { name: 'loop: framework overhead per step, SQLite store (50-step task)', unit: 'ms', samples: sqlite },
      {
        name: 'loop: interrupt during a model call to paused',
        unit: 'ms',
        samples: await interruptToPaused(dataDir),
      },
      ...(await sideBySide(dataDir)),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Floor and framework, each on a small workspace and on 10,000 files: the same sandboxed echo step. */
async function sideBySide(root: string): Promise<BenchFigure[]> {
  // Workspaces beside the data dir, never in it (no command may touch the data dir).
  const dataDir = join(root, 'side-by-side-data');
  mkdirSync(dataDir);
  const small = join(root, 'small-workspace');
  const large = join(root, 'large-workspace');
  writeSmallWorkspace(small);
  writeBenchRepository(large);
  const floor: number[] = [];
  const floorLarge: number[] = [];
  const framework: number[] = [];
  const frameworkLarge: number[] = [];
  for (let run = 0; run < SIDE_BY_SIDE_RUNS; run++) {
    floor.push(...(await floorLoop(small, dataDir, run)));
    framework.push(...(await frameworkLoop(small, dataDir, run)));
    floorLarge.push(...(await floorLoop(large, dataDir, run + SIDE_BY_SIDE_RUNS)));
    frameworkLarge.push(...(await frameworkLoop(large, dataDir, run + SIDE_BY_SIDE_RUNS)));
  }
  const ratio = (samples: number[], base: number[]) => [
    summarizeSamples(samples).median / summarizeSamples(base).median,
  ];
  return [
    { name: 'loop: echo step, floor loop (sandboxed terminal, SQLite)', unit: 'ms', samples: floor },
    { name: 'loop: echo step, framework with checkpoints, small workspace', unit: 'ms', samples: framework },
    { name: 'loop: echo step, floor loop, 10,000-file workspace', unit: 'ms', samples: floorLarge },
    {
      name: 'loop: echo step, framework with checkpoints, 10,000-file workspace',
      unit: 'ms',
      samples: frameworkLarge,
    },
    {
      name: 'loop: echo step, framework / floor, small workspace',
      unit: '×',
      samples: ratio(framework, floor),
    },
    {
      name: 'loop: echo step, framework (10,000 files) / floor (small)',
      unit: '×',
      samples: ratio(frameworkLarge, floor),
    },
    {
      name: 'loop: echo step, framework / floor, both 10,000 files',
      unit: '×',
      samples: ratio(frameworkLarge, floorLarge),
    },
  ];
}

function fiftyStepScript(): LLMScript {
  const turns = Array.from({ length: STEPS - 1 }, (_, index) => ({
    text: `Step ${index}.`,
    tool_calls: [
      {
        id: `call_${index}`,
        name: 'terminal',
        arguments: { command: `echo ${index}`, security_risk: 'LOW' },
      },
    ],
  }));
  return { turns: [...turns, { text: 'All done.' }] };
}

async function stepOverhead(openStore: (run: number) => EventStore, dataDir: string): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const store = openStore(run);
    const callStarts: number[] = [];
    const toolTime: number[] = [];
    const scripted = createScriptedLLM(fiftyStepScript(), { recordCalls: false });
    const llm: LLM = {
      provider: scripted.provider,
      model: scripted.model,
      complete: (request) => {
        callStarts.push(performance.now());
        toolTime.push(0);
        return scripted.complete(request);
      },
    };
    const service = benchConversationService(store, llm, dataDir, {
      model: 'scripted',
      toolset: () => timedToolset(toolTime),
    });
    const { info } = await service.create({ max_iterations: 500, stuck_detection: true });
    await service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: 'Do 50 steps.' }],
      run: true,
    });
    await until(service, info.id, (status) => status !== 'running');
    const end = performance.now();
    if ((await service.get(info.id)).execution_status !== 'finished')
      throw new Error('the 50-step task did not finish');
    callStarts.push(end);
    for (let step = 0; step < STEPS; step++) {
      const start = callStarts[step] ?? end;
      const next = callStarts[step + 1] ?? end;
      samples.push(next - start - (toolTime[step] ?? 0));
    }
    await service.close();
    await store.close();
  }
  return samples;
}

async function interruptToPaused(dataDir: string): Promise<number[]> {
  const store = createInMemoryEventStore();
  const llm = createScriptedLLM({ turns: [], fallback: { fail: 'hang' } });
  const service = benchConversationService(store, llm, dataDir, {
    model: 'scripted',
    toolset: () => createTestToolset(),
  });
  const samples: number[] = [];
  for (let index = 0; index < INTERRUPTS; index++) {
    const { info } = await service.create({ max_iterations: 500, stuck_detection: true });
    await service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: 'Wait forever.' }],
      run: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    await service.interrupt(info.id);
    samples.push(performance.now() - started);
    if ((await service.get(info.id)).execution_status !== 'paused')
      throw new Error('interrupt did not pause');
  }
  await service.close();
  return samples;
}

/** The test toolset with each execution timed into the current step's slot. */
function timedToolset(toolTime: number[]): Toolset {
  const inner = createTestToolset();
  const tools: Tool[] = inner.tools.map((tool) => ({
    ...tool,
    parseArguments: (args) => tool.parseArguments(args),
    execute: async (action, context) => {
      const started = performance.now();
      try {
        return await tool.execute(action, context);
      } finally {
        const last = toolTime.length - 1;
        toolTime[last] = (toolTime[last] ?? 0) + performance.now() - started;
      }
    },
  }));
  return { tools, get: (name) => tools.find((tool) => tool.name === name), close: () => inner.close() };
}

async function until(
  service: ConversationService,
  id: string,
  done: (status: string) => boolean,
): Promise<void> {
  while (!done((await service.get(id)).execution_status))
    await new Promise((resolve) => setImmediate(resolve));
}
