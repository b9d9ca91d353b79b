import { foregroundProcessGroup, killProcessGroup } from './foreground-process-group';
import { INTERRUPT_PROMPT_WAIT_MS, type Shell, stopShell, waitForIdle } from './shell-waits';

/** After the C-c of an interrupt, how long the command has to stop before its process group is killed. */
const INTERRUPT_KILL_AFTER_MS = 500;
/** After that kill, how long to wait for the prompt before restarting the shell instead. */
const KILL_WAIT_MS = 500;

/**
 * An interrupted call returns at once; if its command ignores C-c, this stops it before the next
 * call: kill the terminal's foreground process group, or, if that is the shell itself or does not
 * help, drop and stop the shell so the next command starts another. Returns the notice for the next
 * observation; undefined when the command stopped by itself or `target` is no longer the session's.
 */
export async function stopInterruptedCommand(
  target: Shell,
  isCurrent: () => boolean,
  dropShell: () => void,
): Promise<string | undefined> {
  await waitForIdle(target, INTERRUPT_KILL_AFTER_MS - INTERRUPT_PROMPT_WAIT_MS);
  if (!target.busy || target.exited || !isCurrent()) return undefined;
  const group = target.pty.pid > 0 ? foregroundProcessGroup(target.pty.pid) : undefined;
  if (group !== undefined && group !== target.processGroup && killProcessGroup(group)) {
    await waitForIdle(target, KILL_WAIT_MS);
    if (!target.busy || target.exited)
      return 'The interrupted command ignored C-c, so its process group was killed (SIGKILL).';
  }
  if (!isCurrent()) return undefined;
  dropShell();
  await stopShell(target);
  return 'The interrupted command ignored C-c, so the shell was restarted in the workspace (cwd and variables reset).';
}
