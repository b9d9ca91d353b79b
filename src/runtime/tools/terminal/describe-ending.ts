import type { TerminalResult } from './terminal-run';

/** The closing line of a terminal observation: how the call ended and what the model can do next. */
export function describeEnding(
  result: TerminalResult,
  limits: { hardTimeoutSeconds: number | undefined; noOutputSeconds: number },
): { line: string; isError: boolean } {
  const stillRunning =
    'The command is still running: call again with an empty command to wait for more output, send input with is_input: true, send `C-c` with is_input: true to stop it, or reset: true to restart the shell.';
  const cwd = result.cwd === undefined ? '' : ` Current directory: ${result.cwd}.`;
  switch (result.ending) {
    case 'completed':
      return { line: `[Exit code ${result.exitCode}.${cwd}]`, isError: false };
    case 'no_output':
      return { line: `[No new output for ${limits.noOutputSeconds} s. ${stillRunning}]`, isError: false };
    case 'waiting_input':
      return {
        line: `[Waiting for input: the command stopped at a prompt (${JSON.stringify(result.prompt ?? '')}) and is reading the terminal; it keeps running. Answer with is_input: true (e.g. command "y" sends y and Enter), send \`C-c\` with is_input: true to stop it, or call again with an empty command to keep waiting.]`,
        isError: false,
      };
    case 'timeout':
      return {
        line: result.stillRunning
          ? `[Hard timeout of ${limits.hardTimeoutSeconds} s reached; C-c was sent but the command did not stop. ${stillRunning}]`
          : `[Hard timeout of ${limits.hardTimeoutSeconds} s reached; the command was stopped with C-c.${cwd}]`,
        isError: true,
      };
    case 'aborted':
      return {
        line: result.stillRunning
          ? '[Interrupted by the user: the command was sent C-c and had not stopped yet. If it ignores C-c, its process group is killed (or the shell restarted) before the next command runs.]'
          : '[Interrupted by the user: the command was sent C-c.]',
        isError: true,
      };
    case 'exited':
      return {
        line: `[The shell exited (code ${result.exitCode}). The next command starts a new shell in the workspace.]`,
        isError: false,
      };
    case 'busy':
      return {
        line: `[A previous command is still running, so this command was not run. ${stillRunning}]`,
        isError: true,
      };
    case 'refused':
      return { line: '[No command was run.]', isError: true };
    case 'idle':
      return { line: '[No command is running; give a command to run.]', isError: true };
  }
}
