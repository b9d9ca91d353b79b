import type { SandboxShell } from '../../sandbox/sandbox-backend';
import { createBoundedOutput } from './bounded-output';
import { foregroundProcessGroup } from './foreground-process-group';
import { createPromptMarkerParser } from './prompt-marker';
import { type Shell, waitForStartupPrompt } from './shell-waits';

/**
 * Takes a shell just started on a pty by a sandbox backend and resolves once its first prompt came
 * back with echo off. The `token` must be the one in the shell's PROMPT_COMMAND. Rejects (after
 * killing it) when the shell exits or prints no prompt in time, e.g. when bwrap cannot create its
 * namespaces or the container died.
 */
export async function spawnShell(launched: SandboxShell, token: string): Promise<Shell> {
  const { pty } = launched;
  const started: Shell = {
    pty,
    output: createBoundedOutput(),
    busy: true,
    exited: false,
    exitCode: null,
    lastExitCode: null,
    cwd: undefined,
    sandboxed: launched.sandboxed,
    processGroup: undefined,
    waitingPrompt: undefined,
    listener: undefined,
  };
  const parser = createPromptMarkerParser(token);
  pty.onData((chunk) => {
    let sawPrompt = false;
    for (const piece of parser.push(chunk)) {
      if (piece.kind === 'output') {
        started.output.append(piece.text);
      } else {
        sawPrompt = true;
        started.busy = false;
        started.lastExitCode = piece.exitCode;
        started.cwd = piece.cwd;
      }
    }
    started.listener?.(sawPrompt ? 'prompt' : 'data');
  });
  pty.onExit(({ exitCode }) => {
    started.exited = true;
    started.busy = false;
    started.exitCode = exitCode;
    started.listener?.('exit');
  });
  await waitForStartupPrompt(started);
  // Echo off, so output is only what commands print; un-export, so nested shells print no markers.
  started.busy = true;
  started.pty.write('stty -echo; export -n PROMPT_COMMAND PS1 PS2\r');
  await waitForStartupPrompt(started);
  started.output.clear();
  // The pty's foreground group as the host sees it (tpgid of the host process on the pty): the
  // shell's group in host PIDs even inside a PID namespace, so the kill after an interrupt works.
  started.processGroup = pty.pid > 0 ? foregroundProcessGroup(pty.pid) : undefined;
  return started;
}
