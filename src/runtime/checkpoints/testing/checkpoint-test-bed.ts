import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from '../../sandbox/sandbox-settings';
import { createDockerSandboxes } from '../../sandbox/docker/docker-sandboxes';
import { ENGINE_START_MS, requireEngine } from '../../sandbox/docker/testing/require-engine';
import { DEFAULT_SANDBOX_IMAGE } from '../../sandbox/sandbox-kind';
import { requireExecutable } from '../../sandbox/testing/require-executable';
import { type WorkspaceConfinement, workspaceConfinement } from '../../sandbox/workspace-confinement';
import type { CheckpointStore } from '../checkpoint-store';
import { createCheckpointStore } from '../create-checkpoint-store';

/*
 * The checkpoint store's tests share one bed: a fresh temporary root per test with a data dir, a
 * workspace, a folder outside both and a store on real git, confined by bubblewrap or in docker.
 * The bindings below are live: a test reads them as they are after the latest `beforeEach`.
 */
export let root: string;
export let dataDir: string;
export let workspace: string;
export let outside: string;
export let shadowDir: string;
export let confinement: WorkspaceConfinement;
export let store: CheckpointStore;
/** Set while the docker variant of a suite runs. */
export let docker: Docker | undefined;

/** The sandboxes every confined suite runs on. */
export const CHECKPOINT_SANDBOXES = ['bubblewrap', 'docker', 'podman'] as const;

/** Replaces the bed's store for the rest of one test (a store with other limits or options). */
export function replaceStore(replacement: CheckpointStore): void {
  store = replacement;
}

export function write(path: string, content: string | Buffer) {
  const full = join(workspace, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, content);
}
export const read = (path: string) => readFileSync(join(workspace, path), 'utf8');
export const exists = (path: string) => existsSync(join(workspace, path));

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
      // The docker variant hands the workspace to uid 1000; this git (root) still reads it.
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'safe.directory',
      GIT_CONFIG_VALUE_0: '*',
    },
  });
}

/** Registers the bed's per-test set-up and clean-up in the calling test file. */
export function registerCheckpointTestBed(): void {
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'awb-checkpoints-'));
    dataDir = join(root, 'data');
    workspace = join(root, 'workspace');
    outside = join(root, 'outside');
    for (const dir of [dataDir, workspace, outside]) mkdirSync(dir);
    writeFileSync(join(dataDir, 'session-key'), 'awb-session-key-do-not-leak');
    shadowDir = join(dataDir, 'checkpoints', 'c0ffee');
    // On docker, git runs in a container per call; the root-owned test folders are the runtime's own.
    const runner = docker
      ? createDockerSandboxes({
          dataDir,
          image: () => DEFAULT_SANDBOX_IMAGE,
          ownWorkspaces: () => [root],
          docker,
        }).runner({ maxProcesses: 256, maxMemoryMb: 2048 }, undefined)
      : undefined;
    confinement = workspaceConfinement({
      dataDir,
      sandboxSettings: { ...DEFAULT_SANDBOX_SETTINGS, max_processes: 256 },
      env: { PATH: process.env.PATH },
      ...(runner === undefined ? {} : { runner }),
    });
    store = createCheckpointStore({ shadowDir, workspaceDir: workspace, confinement });
  });

  afterEach(async () => {
    rmSync(root, { recursive: true, force: true });
  });
}

/**
 * Registers, inside a suite of one sandbox kind, the check that the sandbox is here (failing with
 * the install hint when it is not) and the docker client the bed's set-up uses.
 */
export function requireSandbox(kind: (typeof CHECKPOINT_SANDBOXES)[number] | 'none'): void {
  beforeAll(async () => {
    if (kind === 'bubblewrap') requireExecutable('bwrap', 'bubblewrap');
    docker = kind === 'docker' || kind === 'podman' ? await requireEngine(kind) : undefined;
  }, ENGINE_START_MS);
}
