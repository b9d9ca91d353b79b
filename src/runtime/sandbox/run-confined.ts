import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { realHostView } from './host-view';
import { sandboxFileArgs } from './bubblewrap/sandbox-file-args';
import { SANDBOX_ISOLATION_ARGUMENTS } from './bubblewrap/sandbox-isolation-arguments';
import { createTerminalLimits } from './bubblewrap/terminal-limits';
import { collectOutput } from './collect-output';
import type { WorkspaceConfinement } from './workspace-confinement';
import { WorkspaceError } from './workspace-error';
import { type ConfinedResult, type ConfinedRun, KILLED_EXIT_CODE } from './confined-run';

/**
 * The terminal's namespaces, plus --new-session: there is no pty here, so nothing needs the
 * controlling terminal, and a new session keeps a command from injecting input into ours.
 */
const ISOLATION_ARGUMENTS = [...SANDBOX_ISOLATION_ARGUMENTS, '--new-session'];

/** The only variables a confined process inherits: none of the runtime's keys or tokens. */
const INHERITED_VARIABLES = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'USER', 'LOGNAME'];

/**
 * Runs one process in the workspace sandbox: bubblewrap with the terminal's mount plan (system trees
 * read-only, an empty home, the workspace, the data dir and credentials masked), no network at all,
 * its own PID namespace and the settings' process and memory limits. When it ends, is killed or
 * times out, everything it started dies with it. With the docker sandbox the confinement's runner
 * runs it in a container of its own instead. Throws WorkspaceError `sandbox_missing` when
 * bubblewrap (or the Docker daemon or image) is wanted but missing; a process that fails to start is a result (exit code 127 and
 * the reason on stderr), not a throw.
 */
export async function runConfined(
  confinement: WorkspaceConfinement,
  run: ConfinedRun,
): Promise<ConfinedResult> {
  if (confinement.sandbox.kind === 'missing') {
    throw new WorkspaceError('sandbox_missing', confinement.sandbox.detail);
  }
  if (confinement.runner !== undefined) return confinement.runner(run);
  const scriptsDir = await mkdtemp(join(tmpdir(), 'awb-workspace-run-'));
  const limits = createTerminalLimits(confinement.limits);
  try {
    const launch = confinedLaunch(confinement, run, scriptsDir);
    const wrapped = limits.wrap(launch.file, launch.args);
    return await spawnAndCollect(wrapped.file, wrapped.args, launch.env, run);
  } finally {
    await limits.close();
    await rm(scriptsDir, { recursive: true, force: true });
  }
}

function confinedLaunch(
  confinement: WorkspaceConfinement,
  run: ConfinedRun,
  scriptsDir: string,
): { file: string; args: string[]; env: Record<string, string> } {
  const env = confinedEnvironment(confinement.homeDir, run.env);
  const [program = 'true', ...rest] = run.argv;
  if (confinement.sandbox.kind === 'disabled' || confinement.bwrapPath === undefined) {
    return { file: program, args: rest, env };
  }
  const fileArgs = sandboxFileArgs(
    {
      workspaceDir: run.workspaceDir,
      scriptsDir,
      homeDir: confinement.homeDir,
      commandDirectories: [
        ...(env.PATH ?? '').split(delimiter).filter((entry) => entry !== ''),
        dirname(process.execPath),
      ],
      denied: confinement.denied,
      exposed: [],
      ...(run.readOnly ? { readOnlyWorkspace: true } : {}),
    },
    realHostView,
  );
  const readOnly = run.readOnly ? ['--remount-ro', realHostView.realPath(run.workspaceDir)] : [];
  const extra = (run.extraBinds ?? []).flatMap((bind) => [
    bind.writable ? '--bind' : '--ro-bind',
    realHostView.realPath(bind.host),
    bind.sandbox,
  ]);
  return {
    file: confinement.bwrapPath,
    args: [
      ...fileArgs,
      ...extra,
      ...readOnly,
      ...ISOLATION_ARGUMENTS,
      '--chdir',
      run.cwd,
      '--',
      program,
      ...rest,
    ],
    env,
  };
}

function confinedEnvironment(
  homeDir: string | undefined,
  extra: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    ...env,
    ...(homeDir === undefined ? {} : { HOME: homeDir }),
    TERM: 'dumb',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    ...extra,
  };
}

function spawnAndCollect(
  file: string,
  args: readonly string[],
  env: Record<string, string>,
  run: ConfinedRun,
): Promise<ConfinedResult> {
  return new Promise((resolvePromise) => {
    const child = spawn(file, args, {
      cwd: run.cwd,
      env,
      // Its own process group, so the kill reaches bwrap (or, unconfined, the whole command).
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // A process that exits without reading its input closes the pipe: its choice, not a failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.stdin ?? '');
    const stdout = collectOutput(run.maxOutputBytes);
    const stderr = collectOutput(run.maxOutputBytes);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let killed = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
    };
    const stop = () => {
      killed = true;
      killGroup();
    };
    const timer = setTimeout(stop, run.timeoutMs);
    run.signal?.addEventListener('abort', stop, { once: true });
    // Aborted while the sandbox was being prepared: the listener above will never fire.
    if (run.signal?.aborted) stop();
    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
    });
    // Nothing outlives the command: what it left in the background holds the pipes open otherwise.
    child.on('exit', killGroup);
    child.on('close', (code, signalName) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', stop);
      const failed = spawnError === undefined ? '' : `Cannot start ${file}: ${spawnError.message}\n`;
      resolvePromise({
        stdout: stdout.text(),
        stderr: failed + stderr.text(),
        exitCode: killed ? KILLED_EXIT_CODE : exitCodeOf(code, signalName, spawnError),
        timedOut: killed && !(run.signal?.aborted ?? false),
        droppedStdoutBytes: stdout.droppedBytes(),
        droppedStderrBytes: stderr.droppedBytes(),
      });
    });
  });
}

function exitCodeOf(
  code: number | null,
  signalName: NodeJS.Signals | null,
  error: Error | undefined,
): number {
  if (error !== undefined) return 127;
  if (code !== null) return code;
  const signals: Partial<Record<NodeJS.Signals, number>> = {
    SIGKILL: 9,
    SIGTERM: 15,
    SIGINT: 2,
    SIGSEGV: 11,
  };
  return 128 + ((signalName && signals[signalName]) || 1);
}
