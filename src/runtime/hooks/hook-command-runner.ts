import { KILLED_EXIT_CODE } from '../sandbox/confined-run';
import { runConfined } from '../sandbox/run-confined';
import type { WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { WorkspaceError } from '../sandbox/workspace-error';
import type { HookProcessResult } from './parse-hook-output';

/** Bytes kept of each of a hook's stdout and stderr; the rest is counted and dropped. */
export const MAX_HOOK_OUTPUT_BYTES = 16 * 1024;

/** One hook command to run. */
export interface HookCommand {
  command: string;
  workspaceDir: string;
  timeoutMs: number;
  /** The hook input as JSON. */
  stdin: string;
  env: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** Runs one hook command and says how it ended. Never throws: a failure to start is a result. */
export type HookCommandRunner = (command: HookCommand) => Promise<HookProcessResult>;

/**
 * Hook commands in the workspace sandbox (runConfined: bubblewrap with the terminal's mount plan, the
 * data dir and credentials hidden, no network, the settings' process and memory limits), by bash in
 * the workspace. Never on the host unconfined: without bubblewrap the hook does not run (unless the
 * person switched the sandbox off for everything, AGENT_WORKBENCH_SANDBOX=0).
 */
export function sandboxedHookRunner(confinement: () => WorkspaceConfinement | undefined): HookCommandRunner {
  return async (hook) => {
    const current = confinement();
    if (!current) return notStarted('No sandbox is configured for hook commands here');
    try {
      const result = await runConfined(current, {
        argv: ['bash', '--norc', '--noprofile', '-c', hook.command],
        workspaceDir: hook.workspaceDir,
        cwd: hook.workspaceDir,
        timeoutMs: hook.timeoutMs,
        maxOutputBytes: MAX_HOOK_OUTPUT_BYTES,
        env: hook.env,
        stdin: hook.stdin,
        ...(hook.signal ? { signal: hook.signal } : {}),
      });
      return {
        exitCode: result.exitCode,
        stdout: result.stdout + droppedNote(result.droppedStdoutBytes),
        stderr: result.stderr + droppedNote(result.droppedStderrBytes),
        timedOut: result.timedOut,
        ...(!result.timedOut && result.exitCode === KILLED_EXIT_CODE && hook.signal?.aborted
          ? { interrupted: true }
          : {}),
      };
    } catch (error) {
      if (error instanceof WorkspaceError) return notStarted(error.message);
      return notStarted(`Hook could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

function notStarted(reason: string): HookProcessResult {
  return { exitCode: -1, stdout: '', stderr: '', timedOut: false, startError: reason };
}

function droppedNote(bytes: number): string {
  return bytes > 0 ? `\n<TRUNCATED: ${bytes} more bytes>` : '';
}
