/** Exit code reported for a run stopped by its timeout (or an abort), as the agent server does. */
export const KILLED_EXIT_CODE = -1;

export interface ConfinedRun {
  /** Program and arguments (no shell unless argv says so). */
  argv: readonly string[];
  /** The folder bound as the workspace: the only host folder the process may write (unless readOnly). */
  workspaceDir: string;
  /** Where the process starts; inside workspaceDir. */
  cwd: string;
  /** Binds the workspace read-only (git reads). */
  readOnly?: boolean;
  timeoutMs: number;
  /** Bytes kept of each of stdout and stderr; the rest is counted and dropped. */
  maxOutputBytes: number;
  /** Variables on top of the inherited ones. */
  env?: Readonly<Record<string, string>>;
  /** Kills the run like its timeout. */
  signal?: AbortSignal;
  /** Written to the process's stdin, which is then closed; absent: stdin is empty. */
  stdin?: string;
  /**
   * More host folders bound after the masks (so one inside the data dir stays reachable), each at
   * `sandbox`, a path outside every masked folder (e.g. under /run). Unsandboxed, nothing is bound:
   * the caller uses `host` itself.
   */
  extraBinds?: readonly ConfinedBind[];
}

export interface ConfinedBind {
  host: string;
  sandbox: string;
  writable: boolean;
}

export interface ConfinedResult {
  stdout: string;
  stderr: string;
  /** The process's exit code; KILLED_EXIT_CODE when a timeout or abort killed it, 128+n for a signal. */
  exitCode: number;
  timedOut: boolean;
  /** Bytes dropped past maxOutputBytes, per stream. */
  droppedStdoutBytes: number;
  droppedStderrBytes: number;
}
