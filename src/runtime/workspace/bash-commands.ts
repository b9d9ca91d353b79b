import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import type { BashCommand, BashOutput } from './bash-event';
import type { BashEventLog } from './bash-event-log';
import { runConfined } from '../sandbox/run-confined';
import { permittedPath, type WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { WorkspaceError } from '../sandbox/workspace-error';

/** The agent server's default and our ceiling for `timeout`, in seconds. */
export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 300;
export const MAX_COMMAND_TIMEOUT_SECONDS = 3_600;
/** Characters kept of each of stdout and stderr (the agent server's size of one output event). */
export const MAX_COMMAND_OUTPUT_CHARACTERS = 1024 * 1024;
/** Collected past the cap so a secret that straddles it is still whole when the redactor looks. */
const REDACTION_SLACK_BYTES = 64 * 1024;
export const MAX_RUNNING_COMMANDS = 16;

export interface CommandRequest {
  command: string;
  cwd?: string | null;
  /** Seconds. */
  timeout?: number;
}

export interface BashCommandsDeps {
  log: BashEventLog;
  /** Read for every command, so settings changes apply at once. */
  confinement: () => WorkspaceConfinement;
  defaultCwd: string;
  /** Masks secrets; applied to the command text and the output before anything is stored or answered. */
  redact: (text: string) => string;
  now?: () => Date;
  maxRunning?: number;
}

export interface BashCommands {
  /**
   * Checks the request, stores its BashCommand and starts it. Throws WorkspaceError before anything
   * is stored: `invalid_path`, `path_denied`, `sandbox_missing`, `too_many_commands`. `finished`
   * settles with the stored BashOutput and never rejects.
   */
  start(request: CommandRequest): { command: BashCommand; finished: Promise<BashOutput> };
  /** Kills every running command (exit code -1) and waits for their outputs. */
  close(): Promise<void>;
}

export function createBashCommands(deps: BashCommandsDeps): BashCommands {
  const now = deps.now ?? (() => new Date());
  const running = new Set<{ abort: AbortController; finished: Promise<BashOutput> }>();

  return {
    start(request) {
      const confinement = deps.confinement();
      if (confinement.sandbox.kind === 'missing') {
        throw new WorkspaceError('sandbox_missing', confinement.sandbox.detail);
      }
      const cwd = workingFolder(confinement, request.cwd ?? deps.defaultCwd);
      if (running.size >= (deps.maxRunning ?? MAX_RUNNING_COMMANDS)) {
        throw new WorkspaceError('too_many_commands', 'Too many commands are running; wait for one to end');
      }
      const timeout = request.timeout ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
      const command: BashCommand = {
        kind: 'BashCommand',
        id: newId(),
        timestamp: now().toISOString(),
        command: deps.redact(request.command),
        cwd,
        timeout,
      };
      deps.log.append(command);
      const abort = new AbortController();
      const finished = execute(request.command, command, cwd, confinement, abort.signal);
      const entry = { abort, finished };
      running.add(entry);
      void finished.finally(() => running.delete(entry));
      return { command, finished };
    },
    async close() {
      for (const entry of running) entry.abort.abort();
      await Promise.all([...running].map((entry) => entry.finished));
    },
  };

  async function execute(
    text: string,
    command: BashCommand,
    cwd: string,
    confinement: WorkspaceConfinement,
    signal: AbortSignal,
  ): Promise<BashOutput> {
    let output: Pick<BashOutput, 'exit_code' | 'stdout' | 'stderr'>;
    try {
      const result = await runConfined(confinement, {
        argv: ['bash', '--norc', '--noprofile', '-c', text],
        workspaceDir: cwd,
        cwd,
        timeoutMs: command.timeout * 1000,
        maxOutputBytes: MAX_COMMAND_OUTPUT_CHARACTERS + REDACTION_SLACK_BYTES,
        signal,
      });
      output = {
        exit_code: result.exitCode,
        stdout: shown(result.stdout, result.droppedStdoutBytes),
        stderr: shown(result.stderr, result.droppedStderrBytes),
      };
    } catch (error) {
      output = {
        exit_code: -1,
        stdout: null,
        stderr: `Error executing command: ${(error as Error).message}`,
      };
    }
    const event: BashOutput = {
      kind: 'BashOutput',
      id: newId(),
      timestamp: now().toISOString(),
      command_id: command.id,
      order: 0,
      ...output,
    };
    deps.log.append(event);
    return event;
  }

  /** Redacted, cut at the cap with a note of what was dropped; null when empty, as upstream. */
  function shown(text: string, droppedBytes: number): string | null {
    const redacted = deps.redact(text);
    if (redacted === '') return null;
    if (redacted.length <= MAX_COMMAND_OUTPUT_CHARACTERS && droppedBytes === 0) return redacted;
    return `${redacted.slice(0, MAX_COMMAND_OUTPUT_CHARACTERS)}\n[output cut at ${MAX_COMMAND_OUTPUT_CHARACTERS} characters]`;
  }
}

/** The request's folder, checked: absolute, allowed, an existing directory. */
function workingFolder(confinement: WorkspaceConfinement, cwd: string): string {
  const real = permittedPath(confinement, cwd);
  let isDirectory = false;
  try {
    isDirectory = statSync(real).isDirectory();
  } catch {
    // missing: reported below
  }
  if (!isDirectory) throw new WorkspaceError('invalid_path', `cwd is not an existing folder: ${cwd}`);
  return real;
}

function newId(): string {
  return randomUUID().replace(/-/g, '');
}
