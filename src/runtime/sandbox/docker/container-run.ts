import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import { realHostView } from '../host-view';
import { collectOutput } from '../collect-output';
import { type ConfinedResult, type ConfinedRun, KILLED_EXIT_CODE } from '../confined-run';
import { WorkspaceError } from '../workspace-error';
import { adoptWorkspace } from './adopt-workspace';
import { chownTree, type ContainerUser } from './container-user';
import { containerSpec } from './container-spec';
import { daemonEngine } from './daemon-engine';
import { createRefusal, dockerRefusal, messageOf } from './docker-readiness';
import { removeQuietly } from './conversation-container';
import { probeWithMarker } from './shared-workspace-probe';

export interface ContainerRunnerOptions {
  docker: Docker;
  image: string;
  owner: string;
  user: (workspaceDir: string) => ContainerUser;
  maxProcesses: number;
  maxMemoryMb: number;
  cpus: number | undefined;
  /** Tests: the host folder bound at a workspace's path instead of itself (a daemon that does not share it). */
  workspaceSource?: (workspaceDir: string) => string;
}

/**
 * Runs one process (git for checkpoints, branches and the workspace API) in a container of its own,
 * as runConfined runs a fresh bwrap: the workspace (read-only when asked) and the run's extra binds,
 * nothing else of the host, no network, the same limits and user as the conversation's container,
 * removed when it ends; a timeout or abort kills the whole container. The first call for a
 * workspace checks that the daemon's containers see it. Throws WorkspaceError `sandbox_missing` when
 * the daemon or image is missing, the daemon's host does not share the workspace, or the daemon
 * refuses the container.
 */
export function createContainerRunner(options: ContainerRunnerOptions) {
  /** Workspaces the daemon was seen to share; each is probed once (shared-workspace-probe.ts). */
  const shared = new Set<string>();
  return async function runInContainer(run: ConfinedRun): Promise<ConfinedResult> {
    const refusal = await dockerRefusal(options.docker, options.image);
    if (refusal !== undefined) throw new WorkspaceError('sandbox_missing', refusal);
    const workspaceDir = realHostView.realPath(run.workspaceDir);
    const found = options.user(workspaceDir);
    if ('refused' in found) throw new WorkspaceError('sandbox_missing', found.refused);
    const user = { uid: found.uid, gid: found.gid };
    if (found.adopt) await adoptWorkspace(options.docker, options.image, workspaceDir, user);
    // What git writes besides the workspace (a checkpoint's shadow repository) is the runtime's own.
    for (const bind of run.extraBinds ?? []) if (bind.writable) chownTree(bind.host, user.uid, user.gid);
    if (!shared.has(workspaceDir)) {
      const unshared = await probeWithMarker(workspaceDir, async (argv) => {
        const probe = await runIn({ ...run, argv, readOnly: true, extraBinds: [] }, workspaceDir, user);
        return probe.exitCode;
      });
      if (unshared !== undefined) throw new WorkspaceError('sandbox_missing', unshared);
      shared.add(workspaceDir);
    }
    return runIn(run, workspaceDir, user);
  };

  async function runIn(
    run: ConfinedRun,
    workspaceDir: string,
    user: { uid: number; gid: number },
  ): Promise<ConfinedResult> {
    const [program = 'true', ...rest] = run.argv;
    const spec = containerSpec({
      image: options.image,
      owner: options.owner,
      conversationId: '',
      workspaceDir,
      ...(options.workspaceSource ? { workspaceSource: options.workspaceSource(workspaceDir) } : {}),
      workspaceReadOnly: run.readOnly === true,
      workingDir: run.cwd,
      env: { TERM: 'dumb', PAGER: 'cat', GIT_PAGER: 'cat', ...run.env },
      mounts: (run.extraBinds ?? []).map((bind) => ({
        host: realHostView.realPath(bind.host),
        target: bind.sandbox,
        readOnly: !bind.writable,
      })),
      emptyReadOnly: [],
      user,
      mainUser: user,
      maxProcesses: options.maxProcesses,
      maxMemoryMb: options.maxMemoryMb,
      cpus: options.cpus,
      command: [program, ...rest],
      engine: await daemonEngine(options.docker),
    });
    let container: Docker.Container;
    try {
      container = await options.docker.createContainer(spec);
    } catch (error) {
      throw new WorkspaceError(
        'sandbox_missing',
        `The container sandbox refused the command: ${createRefusal(error)}`,
      );
    }
    try {
      return await attachStartAndWait(options.docker, container, run, program);
    } finally {
      await removeQuietly(container);
    }
  }
}

async function attachStartAndWait(
  docker: Docker,
  container: Docker.Container,
  run: ConfinedRun,
  program: string,
): Promise<ConfinedResult> {
  const stdout = collectOutput(run.maxOutputBytes);
  const stderr = collectOutput(run.maxOutputBytes);
  const attached = await container.attach({ stream: true, stdout: true, stderr: true });
  const outStream = new PassThrough();
  const errStream = new PassThrough();
  outStream.on('data', (chunk: Buffer) => stdout.push(chunk));
  errStream.on('data', (chunk: Buffer) => stderr.push(chunk));
  docker.modem.demuxStream(attached, outStream, errStream);
  const drained = new Promise((resolve) => {
    attached.on('end', resolve);
    attached.on('close', resolve);
    attached.on('error', resolve);
  });
  let killed = false;
  const stop = () => {
    killed = true;
    // The container is removed right after; a kill that races its end changes nothing.
    container.kill().catch(() => undefined);
  };
  const timer = setTimeout(stop, run.timeoutMs);
  run.signal?.addEventListener('abort', stop, { once: true });
  if (run.signal?.aborted) stop();
  try {
    try {
      await container.start();
    } catch (error) {
      return failedStart(program, error);
    }
    const ended = (await container.wait()) as { StatusCode?: number };
    await drained;
    return {
      stdout: stdout.text(),
      stderr: stderr.text(),
      exitCode: killed ? KILLED_EXIT_CODE : (ended.StatusCode ?? 1),
      timedOut: killed && !(run.signal?.aborted ?? false),
      droppedStdoutBytes: stdout.droppedBytes(),
      droppedStderrBytes: stderr.droppedBytes(),
    };
  } finally {
    clearTimeout(timer);
    run.signal?.removeEventListener('abort', stop);
  }
}

/** A program the image does not have is a result (127 and the reason), as with bwrap. */
function failedStart(program: string, error: unknown): ConfinedResult {
  return {
    stdout: '',
    stderr: `Cannot start ${program}: ${messageOf(error)}\n`,
    exitCode: 127,
    timedOut: false,
    droppedStdoutBytes: 0,
    droppedStderrBytes: 0,
  };
}
