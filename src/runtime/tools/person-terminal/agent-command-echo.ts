import type { TerminalObservation } from '../../events';
import type { TerminalTool } from '../terminal/terminal-tool';

/** Characters of an agent's command shown in the person's terminal. */
const MAX_ECHO_CHARACTERS = 300;

/**
 * The agent's terminal tool, telling the person's terminal what the agent runs: one dim read-only line
 * per command with its exit code, never its output (a full-screen program would scribble over the
 * person's screen). The text is the model's command as written (before secrets are exported to it),
 * with every control character replaced, so a hostile command cannot send escape sequences to the
 * person's terminal.
 */
export function withAgentCommandEcho(tool: TerminalTool, echo: (line: string) => void): TerminalTool {
  return {
    ...tool,
    async execute(action, context) {
      const shown = action.is_input ? '(input to the running command)' : action.command;
      const observation = (await tool.execute(action, context)) as TerminalObservation;
      if (shown.trim() !== '') echo(agentCommandLine(shown, observation.exit_code));
      return observation;
    },
  };
}

/** `\r\n` + a dim `[agent] $ <command>  (exit N)` line, safe to write to a terminal. */
export function agentCommandLine(command: string, exitCode: number | null | undefined): string {
  const safe = withoutControlCharacters(command).slice(0, MAX_ECHO_CHARACTERS);
  const ending = exitCode === null || exitCode === undefined ? '' : `  (exit ${exitCode})`;
  return `\r\n\x1b[2m[agent] $ ${safe}${ending}\x1b[0m\r\n`;
}

/** C0 and C1 control characters (and DEL) as spaces: what starts an escape sequence or moves the cursor. */
export function withoutControlCharacters(text: string): string {
  return Array.from(text, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) ? ' ' : character;
  }).join('');
}
