import { type TerminalAction, type TerminalObservation, textContent } from '../../events';
import { cutForModel } from '../cut-for-model';
import type { Tool, ToolContext } from '../tool';
import { cleanTerminalOutput } from './clean-terminal-output';
import { keySequence } from './key-sequence';
import { terminalArguments } from './terminal-arguments';
import { withSecretExports } from './with-secret-exports';
import { describeEnding } from './describe-ending';
import type { TerminalRequest } from './terminal-run';
import type { TerminalSession } from './terminal-session';

export const DEFAULT_NO_OUTPUT_TIMEOUT_MS = 30_000;
/** Interactive programs (a REPL, a prompt) rarely print a marker: answer sooner after input. */
const INPUT_QUIET_MS = 3_000;

const DESCRIPTION = `Run a command in a persistent bash shell in the workspace; the working directory and environment persist between calls.
- One command per call; chain related steps with && and check exit codes.
- Long-running commands: pass \`timeout\` (seconds) as a hard limit. Otherwise, after 30 s without output the call returns what it has and the command keeps running: call again with an empty command to wait, or send input with is_input: true.
- A command stopped at a prompt (question, password, REPL, editor) is reported as waiting for input after about 2 s of quiet. Answer with is_input: true; prefer non-interactive flags (-y, --no-edit, GIT_EDITOR=true).
- Keys with is_input: true: C-c, C-d, C-z, Enter, Up, Down, Tab, Escape.
- Avoid pagers and editors (\`git --no-pager\`, \`sed -n\`); run servers in the background with output to a log file.
- Outputs over 30,000 characters keep their start and end; the full text is saved to a file named in the output.
- reset: true restarts a stuck shell.`;

export interface TerminalTool extends Tool<TerminalAction> {
  close(): Promise<void>;
}

export function createTerminalTool(
  session: TerminalSession,
  noOutputTimeoutMs = DEFAULT_NO_OUTPUT_TIMEOUT_MS,
  /** The conversation's secrets a command names (`$NAME`), exported to that command only. */
  secretEnv: (command: string) => Record<string, string> = () => ({}),
): TerminalTool {
  // The shell is one process: calls run one after another even if the caller overlaps them.
  let queue: Promise<unknown> = Promise.resolve();
  // The secrets the shell holds from the last command: unset before the next one unless it names them.
  let exported: readonly string[] = [];

  async function execute(action: TerminalAction, context: ToolContext): Promise<TerminalObservation> {
    const prefix: string[] = [];
    if (action.reset) {
      await session.reset();
      exported = [];
      prefix.push('The terminal was reset: a fresh shell runs in the workspace.');
      if (action.command.trim() === '') return observation(action, prefix.join('\n'), { exit_code: null });
    }
    const request = toRequest(action);
    if (request.kind === 'command') {
      const named = secretEnv(request.command);
      request.command = withSecretExports(request.command, named, exported);
      exported = Object.keys(named);
    }
    const result = await session.run(request, {
      ...(action.timeout === undefined ? {} : { hardTimeoutMs: action.timeout * 1000 }),
      noOutputTimeoutMs:
        request.kind === 'input' ? Math.min(noOutputTimeoutMs, INPUT_QUIET_MS) : noOutputTimeoutMs,
      signal: context.signal,
    });
    const ending = describeEnding(result, {
      hardTimeoutSeconds: action.timeout,
      noOutputSeconds: noOutputTimeoutMs / 1000,
    });
    const output = cleanTerminalOutput(result.output).replace(/\n+$/, '');
    const shown = await cutForModel(output, context.observationsDir, 'terminal');
    const text = [...result.notices, ...prefix, shown.text, ending.line]
      .filter((part) => part !== '')
      .join('\n');
    return observation(action, text, {
      exit_code: result.exitCode,
      is_error: ending.isError,
      timed_out: result.ending === 'timeout',
      ...(result.cwd === undefined ? {} : { cwd: result.cwd }),
      ...(shown.fullOutputPath === undefined ? {} : { full_output_path: shown.fullOutputPath }),
      ...(result.limits === undefined ? {} : { limits: result.limits }),
    });
  }

  return {
    name: 'terminal',
    readOnly: false,
    spec: { name: 'terminal', description: DESCRIPTION, parameters: terminalArguments.parameters },
    parseArguments: terminalArguments.parse,
    execute(action, context) {
      const run = queue.then(() => execute(action, context));
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => session.close(),
  };
}

function toRequest(action: TerminalAction): TerminalRequest {
  if (action.is_input) {
    if (action.command === '') return { kind: 'wait' };
    const key = keySequence(action.command);
    if (key !== undefined) return { kind: 'input', data: key };
    return { kind: 'input', data: action.command.endsWith('\n') ? action.command : `${action.command}\r` };
  }
  if (action.command.trim() === '') return { kind: 'wait' };
  return { kind: 'command', command: action.command };
}

function observation(
  action: TerminalAction,
  text: string,
  fields: Partial<TerminalObservation> & { exit_code: number | null },
): TerminalObservation {
  return {
    kind: 'TerminalObservation',
    content: [textContent(text)],
    is_error: false,
    command: action.command,
    timed_out: false,
    ...(fields.exit_code === null ? { metadata: { exit_code: -1 } } : {}),
    ...fields,
  };
}
