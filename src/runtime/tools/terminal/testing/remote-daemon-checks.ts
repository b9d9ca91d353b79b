import { FALLBACK_CONTAINER_USER } from '../../../sandbox/docker/container-user';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { createTerminalSession } from '../terminal-session';
import { DEFAULT_SANDBOX_IMAGE } from '../../../sandbox/sandbox-kind';
import { createContainerRunner } from '../../../sandbox/docker/container-run';
import { CONVERSATION_LABEL } from '../../../sandbox/docker/container-spec';
import { createDockerBackend } from '../../../sandbox/docker/docker-backend';
import { TEST_OWNER } from '../../../sandbox/docker/testing/test-docker-backend';

/** What a conversation did through a daemon reached over a remote transport. */
export interface RemoteDaemonRun {
  /** A terminal command's output: a real pty (tty), attached through the transport's HTTP upgrade. */
  terminalOutput: string;
  /** Its conversation's containers on the daemon while it lived, then after the conversation ended. */
  containersWhileLive: number;
  containersAfterDispose: number;
  /** A piped git call's stdout (a commit made in a container of its own, then read back). */
  gitOutput: string;
}

/**
 * One docker conversation through `remote`: a terminal command, a piped git command and the
 * container's removal, each counted on `local` (the same daemon through its socket). The workspace is
 * the same folder on both sides, so the shared-workspace probe passes.
 */
export async function runThroughRemoteDaemon(remote: Docker, local: Docker): Promise<RemoteDaemonRun> {
  const root = mkdtempSync(join(tmpdir(), 'awb-remote-daemon-'));
  const workspaceDir = join(root, 'workspace');
  mkdirSync(workspaceDir);
  const conversationId = `remote-${randomUUID()}`;
  const backend = createDockerBackend({
    docker: remote,
    image: DEFAULT_SANDBOX_IMAGE,
    owner: TEST_OWNER,
    conversationId,
    workspaceDir,
    dataDir: join(root, 'data'),
    exposedPaths: [],
    adoptRootOwned: FALLBACK_CONTAINER_USER,
  });
  const terminal = createTerminalSession({ workspaceDir, backend });
  const live = () =>
    local.listContainers({ all: true, filters: { label: [`${CONVERSATION_LABEL}=${conversationId}`] } });
  try {
    const result = await terminal.run(
      { kind: 'command', command: 'echo "sum=$((6*7))"; tty' },
      { noOutputTimeoutMs: 30_000, signal: new AbortController().signal },
    );
    const containersWhileLive = (await live()).length;
    await terminal.close();
    await backend.dispose();
    const containersAfterDispose = (await live()).length;
    writeFileSync(join(workspaceDir, 'a.txt'), 'one\n');
    const runner = createContainerRunner({
      docker: remote,
      image: DEFAULT_SANDBOX_IMAGE,
      owner: TEST_OWNER,
      user: () => ({ uid: 1000, gid: 1000, adopt: false }),
      maxProcesses: 64,
      maxMemoryMb: 256,
      cpus: undefined,
    });
    const git = await runner({
      argv: [
        'sh',
        '-c',
        'git init -q . && git add a.txt && git -c user.name=t -c user.email=t@t commit -qm first && git log --format=%s',
      ],
      workspaceDir,
      cwd: workspaceDir,
      timeoutMs: 60_000,
      maxOutputBytes: 4096,
    });
    return {
      terminalOutput: result.output,
      containersWhileLive,
      containersAfterDispose,
      gitOutput: git.stdout,
    };
  } finally {
    await terminal.close();
    await backend.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}

/** A terminal command through a client that cannot reach the daemon: its notices, and whether it ran. */
export async function refusedThrough(
  remote: Docker,
): Promise<{ ending: string; notices: string; ran: boolean }> {
  const root = mkdtempSync(join(tmpdir(), 'awb-remote-refused-'));
  const workspaceDir = join(root, 'workspace');
  mkdirSync(workspaceDir);
  const backend = createDockerBackend({
    docker: remote,
    image: DEFAULT_SANDBOX_IMAGE,
    owner: TEST_OWNER,
    conversationId: `refused-${randomUUID()}`,
    workspaceDir,
    dataDir: join(root, 'data'),
    exposedPaths: [],
    adoptRootOwned: FALLBACK_CONTAINER_USER,
  });
  const terminal = createTerminalSession({ workspaceDir, backend });
  try {
    const result = await terminal.run(
      { kind: 'command', command: 'touch ran' },
      { noOutputTimeoutMs: 30_000, signal: new AbortController().signal },
    );
    return {
      ending: result.ending,
      notices: result.notices.join(' '),
      ran: existsSync(join(workspaceDir, 'ran')),
    };
  } finally {
    await terminal.close();
    await backend.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}
