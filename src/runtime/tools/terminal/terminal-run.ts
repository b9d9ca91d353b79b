/**
 * One run of the terminal: what is asked (TerminalRequest), how long to wait (TerminalWaitOptions)
 * and what came back (TerminalResult, its TerminalEnding). Kept apart from terminal-session.ts so the
 * shell's waits and the tool read them without importing the session.
 */
export type TerminalRequest =
  | { kind: 'command'; command: string }
  | { kind: 'input'; data: string }
  | { kind: 'wait' };

export interface TerminalWaitOptions {
  /** Hard limit: the command gets C-c when it is reached. Absent: only the no-output limit applies. */
  hardTimeoutMs?: number;
  noOutputTimeoutMs: number;
  /** Quiet this long at a prompt-like line, a command blocked reading the terminal ends the wait; default 2 s. */
  promptQuietMs?: number;
  signal: AbortSignal;
}

/**
 * completed: the prompt came back. timeout: the hard limit hit and C-c was sent. no_output: nothing
 * printed for the no-output limit, the command still runs. aborted: the signal fired, C-c was sent.
 * exited: the shell itself ended. busy: a command was given while another still runs. idle: asked to
 * wait while nothing runs. refused: no command runs at all, because the sandbox is missing or failed
 * to start (the notices say why). waiting_input: the command stopped at a prompt and reads the terminal
 * (it still runs; `prompt` holds its last line).
 */
export type TerminalEnding =
  | 'completed'
  | 'timeout'
  | 'no_output'
  | 'waiting_input'
  | 'aborted'
  | 'exited'
  | 'busy'
  | 'idle'
  | 'refused';

export interface TerminalResult {
  /** Raw pty text (escape sequences included) printed since the last result. */
  output: string;
  exitCode: number | null;
  cwd: string | undefined;
  ending: TerminalEnding;
  /** True when a command is still running in the shell after this result. */
  stillRunning: boolean;
  /** Facts the model should learn once: no sandbox, a restarted shell, a limit hit. */
  notices: string[];
  /** With ending waiting_input: the last line the command printed (cleaned). */
  prompt?: string;
  /** The limits, in plain words, with the first result after they were set up; for people only. */
  limits?: string;
}
