import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTerminalSession, type TerminalSession } from '../../tools/terminal/terminal-session';
import type { SandboxBackend } from '../sandbox-backend';
import { createDockerSandboxes } from './docker-sandboxes';
import { requireDocker } from './testing/require-docker';
import { testDockerBackend } from './testing/test-docker-backend';

let docker: Docker;
let root: string;
let workspaceDir: string;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  docker = await requireDocker();
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-adopt-workspace-'));
  workspaceDir = join(root, 'workspace');
  mkdirSync(workspaceDir);
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await rm(root, { recursive: true, force: true });
});

function session(backend: SandboxBackend): TerminalSession {
  const made = createTerminalSession({ workspaceDir, backend });
  sessions.push(made);
  return made;
}

function run(target: TerminalSession, command: string) {
  return target.run(
    { kind: 'command', command },
    { noOutputTimeoutMs: 10_000, signal: new AbortController().signal },
  );
}

describe('handing a root-owned workspace to the container user', () => {
  it('attack: a folder swapped for a link to a host folder during the hand-over changes nothing outside', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    for (let index = 0; index < 50; index++) writeFileSync(join(outside, `file-${index}`), 'host\n');
    mkdirSync(join(workspaceDir, 'swapped'));
    for (let index = 0; index < 50; index++)
      writeFileSync(join(workspaceDir, 'swapped', `file-${index}`), 'ws\n');
    const sandboxes = createDockerSandboxes({
      dataDir: join(root, 'data'),
      image: () => 'agent-workbench-sandbox:1',
      ownWorkspaces: () => [workspaceDir],
      docker,
    });
    const runner = sandboxes.runner({ maxProcesses: 64, maxMemoryMb: 256 }, undefined);
    // The agent's side, in its own container: the folder becomes a link to the host folder and back, without pause.
    const agent = session(testDockerBackend(docker, { workspaceDir, dataDir: join(root, 'data') }));
    const swapped = await run(
      agent,
      `(while :; do mv swapped parked; ln -s ${outside} swapped; rm swapped; mv parked swapped; done) >/dev/null 2>&1 & echo swapping`,
    );
    expect(swapped.output).toContain('swapping');
    for (let round = 0; round < 15; round++) {
      writeFileSync(join(workspaceDir, `root-file-${round}`), 'by the runtime\n');
      await runner({
        argv: ['true'],
        workspaceDir,
        cwd: workspaceDir,
        timeoutMs: 10_000,
        maxOutputBytes: 1024,
      });
    }
    await agent.reset();
    const { lstatSync: lstat, readdirSync: list } = await import('node:fs');
    const owners = list(outside).map((name) => lstat(join(outside, name)).uid);
    expect(new Set(owners)).toEqual(new Set([0]));
    expect(lstat(outside).uid).toBe(0);
    // Sixteen containers, one after the other: on a loaded two-core machine that passed 30 s.
  }, 120_000);
});
