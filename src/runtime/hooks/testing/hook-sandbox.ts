import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Event, HookConfigInput, NewEvent } from '../../events';
import { HookConfigInputSchema } from '../../events';
import { DEFAULT_SANDBOX_SETTINGS } from '../../sandbox/sandbox-settings';
import { requireExecutable } from '../../sandbox/testing/require-executable';
import { workspaceConfinement } from '../../sandbox/workspace-confinement';
import { sandboxedHookRunner } from '../hook-command-runner';
import { createHookRunner, type HookRunner } from '../hook-runner';

/** A temporary data dir and workspace, real bubblewrap, and a runner whose events land in `events`. */
export interface HookSandbox {
  root: string;
  dataDir: string;
  workspace: string;
  events: NewEvent[];
  /** A runner for this config (upstream's input form), appending to `events`. */
  runner(config: HookConfigInput): HookRunner;
  /** Writes an executable script into the workspace; returns its relative path. */
  script(name: string, body: string): string;
  hookEvents(): Extract<Event, { kind: 'HookExecutionEvent' }>[];
  dispose(): void;
}

export function createHookSandbox(): HookSandbox {
  requireExecutable('bwrap', 'bubblewrap');
  const root = mkdtempSync(join(tmpdir(), 'awb-hooks-'));
  const dataDir = join(root, 'data');
  const workspace = join(root, 'workspace');
  for (const dir of [dataDir, workspace]) mkdirSync(dir);
  const events: NewEvent[] = [];
  let next = 0;
  const confinement = workspaceConfinement({
    dataDir,
    sandboxSettings: { ...DEFAULT_SANDBOX_SETTINGS, max_processes: 64 },
    env: { PATH: process.env.PATH },
  });
  return {
    root,
    dataDir,
    workspace,
    events,
    runner(config) {
      const parsed = HookConfigInputSchema.parse(config);
      return createHookRunner({
        conversationId: '00000000-0000-4000-8000-00000000c0de',
        workspaceDir: workspace,
        config: () => parsed,
        runCommand: sandboxedHookRunner(() => confinement),
        append: async (event) => {
          events.push(event);
          return event;
        },
        newId: () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
        now: () => '2025-03-14T09:00:00.000Z',
        elapsedMs: () => performance.now(),
      });
    },
    script(name, body) {
      mkdirSync(join(workspace, 'hooks'), { recursive: true });
      writeFileSync(join(workspace, 'hooks', name), `#!/bin/bash\n${body}\n`, { mode: 0o755 });
      return `hooks/${name}`;
    },
    hookEvents: () =>
      events.filter((event) => event.kind === 'HookExecutionEvent') as Extract<
        Event,
        { kind: 'HookExecutionEvent' }
      >[],
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
