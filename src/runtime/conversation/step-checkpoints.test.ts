import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { ActionEvent } from '../events';
import type { LLM } from '../llm/llm';
import { createToolset } from '../tools/create-toolset';
import { requireExecutable } from '../sandbox/testing/require-executable';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

/**
 * Step checkpoints taken ahead (while the model thinks) and reused when the workspace watcher saw no
 * change: every test orders its moves by events (a snapshot finished, a file appeared), never by time.
 */

let harness: ServiceHarness | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

beforeAll(() => {
  requireExecutable('bwrap', 'bubblewrap');
});

/** What happens before the model's n-th answer (1-based), while the step's snapshot may be running. */
type BeforeAnswer = (moment: { call: number; snapshots: Snapshots; workspace: string }) => Promise<void>;

interface Snapshots {
  /** Fresh snapshots the store took (a reused one is not counted). */
  count: number;
  /** Resolves once more than `count` fresh snapshots were taken. */
  after(count: number): Promise<void>;
}

async function start(options: { workspace?: string; beforeAnswer?: BeforeAnswer } = {}) {
  const snapshots = countSnapshots();
  let calls = 0;
  let workspace = '';
  harness = await createServiceHarness({
    createToolset: (request) => createToolset({ ...request, sandbox: false }),
    checkpoints: true,
    wrapCheckpointStore: snapshots.wrap,
    wrapLLM: (llm): LLM => ({
      ...llm,
      complete: async (request) => {
        calls += 1;
        await options.beforeAnswer?.({ call: calls, snapshots: snapshots.state, workspace });
        return llm.complete(request);
      },
    }),
    ...(options.workspace ? { workspace: options.workspace } : {}),
  });
  workspace = harness.workspace;
  return { h: harness, snapshots: snapshots.state };
}

function countSnapshots() {
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const state: Snapshots = {
    count: 0,
    after: (count) =>
      state.count > count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
  };
  const wrap = (store: CheckpointStore): CheckpointStore => ({
    ...store,
    snapshot: async () => {
      const checkpoint = await store.snapshot();
      state.count += 1;
      for (const waiter of waiters.splice(0)) {
        if (state.count > waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
      return checkpoint;
    },
  });
  return { state, wrap };
}

const terminal = (command: string, id = `t-${command}`) => ({ id, name: 'terminal', arguments: { command } });

/** One user message through the given terminal commands (one step each), then a finish. */
async function runCommands(h: ServiceHarness, id: string, commands: string[], text = 'go') {
  h.llm.setScript({
    turns: [
      ...commands.map((command, index) => ({ tool_calls: [terminal(command, `${text}-${index}`)] })),
      { tool_calls: [{ id: `finish-${text}`, name: 'finish', arguments: { message: 'done' } }] },
    ],
  });
  await h.say(id, text);
  expect(await h.settled(id, 60_000)).toBe('finished');
}

/** The checkpoint of each terminal step, in order. */
async function stepCheckpoints(h: ServiceHarness, id: string): Promise<string[]> {
  return (await h.events(id))
    .filter((event): event is ActionEvent => event.kind === 'ActionEvent' && event.tool_name === 'terminal')
    .map((event) => event.checkpoint_id ?? 'none');
}

async function contentAt(h: ServiceHarness, id: string, checkpoint: string, path: string) {
  return (await h.service.fileAt(id, path, checkpoint).catch(() => undefined))?.content;
}

/** Waits, with no time bound of its own (the test's timeout is the bound), until `path` exists. */
async function untilExists(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('step checkpoints off the step path', () => {
  it('steps that change no file take one snapshot for the run, not one per step', async () => {
    const { h, snapshots } = await start();
    const id = await h.create();
    writeFileSync(join(h.workspace, 'a.txt'), 'zero\n');
    await runCommands(h, id, ['echo 1', 'echo 2', 'echo 3', 'echo 4', 'echo 5']);
    const checkpoints = await stepCheckpoints(h, id);
    expect(checkpoints).toHaveLength(5);
    expect(new Set(checkpoints).size).toBe(1);
    expect(snapshots.count).toBe(1);
  });

  it('a snapshot taken during the model call still sees the change the step before made', async () => {
    const { h } = await start({
      // The second answer comes only once a snapshot finished during this very call.
      beforeAnswer: async ({ call, snapshots: taken }) => {
        if (call === 2) await taken.after(1);
      },
    });
    const id = await h.create();
    await runCommands(h, id, ['echo one > a.txt', 'echo two > a.txt']);
    const [first, second] = await stepCheckpoints(h, id);
    expect(await contentAt(h, id, first as string, 'a.txt')).toBeUndefined();
    expect(await contentAt(h, id, second as string, 'a.txt')).toBe('one\n');
  });

  it('a file the person writes while the model thinks, after the snapshot, is in that step checkpoint', async () => {
    const { h } = await start({
      beforeAnswer: async ({ call, snapshots, workspace }) => {
        if (call !== 2) return;
        await snapshots.after(1);
        writeFileSync(join(workspace, 'person.txt'), 'typed by the person\n');
      },
    });
    const id = await h.create();
    await runCommands(h, id, ['echo one > a.txt', 'echo two > a.txt']);
    const [, second] = await stepCheckpoints(h, id);
    expect(await contentAt(h, id, second as string, 'person.txt')).toBe('typed by the person\n');
    expect(await contentAt(h, id, second as string, 'a.txt')).toBe('one\n');
  });

  it('a change the person makes between turns is in the next turn first checkpoint', async () => {
    const { h } = await start();
    const id = await h.create();
    await runCommands(h, id, ['echo hi'], 'first');
    writeFileSync(join(h.workspace, 'between.txt'), 'edited between turns\n');
    await runCommands(h, id, ['echo hi again'], 'second');
    const [first, second] = await stepCheckpoints(h, id);
    expect(await contentAt(h, id, first as string, 'between.txt')).toBeUndefined();
    expect(await contentAt(h, id, second as string, 'between.txt')).toBe('edited between turns\n');
  });

  it('a background process the agent left running that writes after the snapshot is caught', async () => {
    const gates = realpathSync(mkdtempSync(join(tmpdir(), 'awb-step-gate-')));
    cleanups.push(() => rmSync(gates, { recursive: true, force: true }));
    const gate = join(gates, 'go');
    const { h } = await start({
      beforeAnswer: async ({ call, snapshots, workspace }) => {
        if (call !== 2) return;
        await snapshots.after(0);
        writeFileSync(gate, '');
        await untilExists(join(workspace, 'late.txt'));
      },
    });
    const id = await h.create();
    // Waits outside the workspace for the gate, then writes into it: after step 2's snapshot began.
    const background = `(while [ ! -e '${gate}' ]; do sleep 0.01; done; echo late > late.txt) > /dev/null 2>&1 &`;
    await runCommands(h, id, [background, 'echo two > a.txt']);
    const [, second] = await stepCheckpoints(h, id);
    expect(await contentAt(h, id, second as string, 'late.txt')).toBe('late\n');
  });

  it('a background write through a hard link hidden in .git is caught', async () => {
    const gates = realpathSync(mkdtempSync(join(tmpdir(), 'awb-step-gate-')));
    cleanups.push(() => rmSync(gates, { recursive: true, force: true }));
    const gate = join(gates, 'go');
    const done = join(gates, 'done');
    const { h } = await start({
      beforeAnswer: async ({ call, snapshots }) => {
        if (call !== 2) return;
        // Step 1 made .git/objects/ab: step 2's snapshot is a new one; the write comes after it.
        await snapshots.after(1);
        writeFileSync(gate, '');
        await untilExists(done);
      },
    });
    writeFileSync(join(h.workspace, 'a.txt'), 'one\n');
    const id = await h.create();
    // The write goes through a path only git's own folder holds, after step 2's snapshot began.
    const hide = `mkdir -p .git/objects/ab; ln a.txt .git/objects/ab/cd; (while [ ! -e '${gate}' ]; do sleep 0.01; done; echo evil >> .git/objects/ab/cd; touch '${done}') > /dev/null 2>&1 &`;
    await runCommands(h, id, [hide, 'echo two > b.txt']);
    const [, second] = await stepCheckpoints(h, id);
    expect(await contentAt(h, id, second as string, 'a.txt')).toBe('one\nevil\n');
  });

  it('restores to before each of 10 steps, some changing files and some not', async () => {
    const { h } = await start();
    const id = await h.create();
    writeFileSync(join(h.workspace, 'a.txt'), 'v0\n');
    const commands = Array.from({ length: 10 }, (_, index) =>
      index % 2 === 0 ? `echo v${index + 1} > a.txt` : `echo nothing ${index}`,
    );
    await runCommands(h, id, commands);
    const checkpoints = await stepCheckpoints(h, id);
    expect(checkpoints).toHaveLength(10);
    // Before step k, a.txt holds what the last changing step before it wrote.
    const expected = commands.map((_, step) => `v${step === 0 ? 0 : step - ((step - 1) % 2)}\n`);
    for (const [step, checkpoint] of checkpoints.entries()) {
      await h.service.restoreFiles(id, { checkpoint_id: checkpoint });
      expect(readFileSync(join(h.workspace, 'a.txt'), 'utf8'), `before step ${step + 1}`).toBe(
        expected[step],
      );
    }
  });

  it('in a 10,000-file workspace a step that changes nothing takes no snapshot, and a deep change is caught', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'awb-step-large-')));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const workspace = join(root, 'workspace');
    for (let index = 0; index < 10_000; index++) {
      const folder = join(workspace, `d${index % 10}`, `d${Math.floor(index / 10) % 10}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `f${index}.txt`), `file ${index}\n`);
    }
    const { h, snapshots } = await start({ workspace });
    const id = await h.create();
    await runCommands(h, id, ['echo 1', 'echo changed > d3/d4/f43.txt', 'echo 3', 'echo 4']);
    const [, beforeChange, afterChange, last] = await stepCheckpoints(h, id);
    expect(await contentAt(h, id, beforeChange as string, 'd3/d4/f43.txt')).toBe('file 43\n');
    expect(await contentAt(h, id, afterChange as string, 'd3/d4/f43.txt')).toBe('changed\n');
    expect(last).toBe(afterChange);
    expect(snapshots.count).toBe(2);
  }, 120_000);
});
