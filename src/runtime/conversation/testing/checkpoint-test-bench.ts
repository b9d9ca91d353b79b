import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ActionEvent, Event } from '../../events';
import type { ScriptToolCall } from '../../llm/llm-script';
import { createToolset } from '../../tools/create-toolset';
import { createServiceHarness, type ServiceHarness } from './create-service-harness';

const realToolset = (options: { conversationId: string; workspaceDir: string; observationsDir: string }) =>
  createToolset({ ...options, sandbox: false });

/**
 * A service with real checkpoints and real tools (unsandboxed) for the checkpoint tests, and what
 * they made to remove after each test (`close`).
 */
export function checkpointTestBench() {
  let harness: ServiceHarness | undefined;
  const cleanups: Array<() => void> = [];
  return {
    cleanups,
    async start(options: { workspace?: string; checkpoints?: boolean } = {}) {
      harness = await createServiceHarness({
        createToolset: realToolset,
        checkpoints: options.checkpoints ?? true,
        ...(options.workspace ? { workspace: options.workspace } : {}),
      });
      return harness;
    },
    /** A git repository with two committed files, in a temp folder removed by close. */
    gitRepository(): string {
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'ckpt-repo-parent-')));
      cleanups.push(() => rmSync(root, { recursive: true, force: true }));
      const repo = join(root, 'repo');
      execFileSync('git', ['init', '-q', repo]);
      writeFileSync(join(repo, 'tracked.txt'), 'original\n');
      writeFileSync(join(repo, 'gone-later.txt'), 'here\n');
      const git = (...args: string[]) =>
        execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args]);
      git('add', '.');
      git('commit', '-q', '-m', 'initial');
      return repo;
    },
    async close(): Promise<void> {
      await harness?.close();
      harness = undefined;
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

/** Runs one user message through the given steps (each a list of tool calls), then a finish. */
export async function runSteps(h: ServiceHarness, id: string, steps: ScriptToolCall[][], text = 'go') {
  h.llm.setScript({
    turns: [
      ...steps.map((tool_calls) => ({ tool_calls })),
      {
        tool_calls: [
          { id: `finish-${steps.length}-${text}`, name: 'finish', arguments: { message: 'done' } },
        ],
      },
    ],
  });
  await h.say(id, text);
  expect(await h.settled(id, 30_000)).toBe('finished');
}

/** A file_editor call creating `path` with `text`. */
export const createFileCall = (path: string, text: string, id = `c-${path}`): ScriptToolCall => ({
  id,
  name: 'file_editor',
  arguments: { command: 'create', path, file_text: text },
});

export const actionsOf = (events: readonly Event[]) =>
  events.filter((event): event is ActionEvent => event.kind === 'ActionEvent');
