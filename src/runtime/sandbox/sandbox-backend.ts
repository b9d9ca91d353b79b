import type { LimitCounters, LimitMechanism } from './limit-notices';
import type { ConfinedResult, ConfinedRun } from './confined-run';
import type { PipedProcess, PipedRequest } from './piped-process';
import type { PtyProcess } from './pty-process';
import type { SandboxKind } from './sandbox-kind';

export interface ShellRequest {
  /** The PROMPT_COMMAND that prints the prompt marker (prompt-marker.ts or person-prompt.ts). */
  promptCommand: string;
  /** Terminal size at start. */
  cols?: number;
  rows?: number;
  /**
   * The person's shell: line editing on, these variables on top, in the network of the agent's
   * shell. Absent: the agent's shell.
   */
  person?: Record<string, string>;
}

export interface SandboxShell {
  pty: PtyProcess;
  /** False only when the sandbox is turned off on purpose. */
  sandboxed: boolean;
}

/** The counters and clean-up of the limits the backend's shells run under. */
export interface SandboxLimits {
  readonly mechanism: LimitMechanism;
  read(): LimitCounters;
  /** Kills what the last shell left behind (a fork flood), so a new shell is not refused its forks. Never throws. */
  empty(): Promise<void>;
}

/**
 * One conversation's sandbox: where its terminal, the person's terminal and its confined commands
 * run. Bubblewrap (bubblewrap-backend.ts: a new bwrap per shell or command, on the host's kernel)
 * and Docker (docker/docker-backend.ts: one container per conversation) implement it. The owner
 * calls `dispose` once, when the conversation's tools close; nothing may be used after it.
 */
export interface SandboxBackend {
  readonly kind: SandboxKind;
  /**
   * Why no command may run now (bubblewrap not installed, the Docker daemon down, the image missing
   * or without a shell), with what to do; undefined when commands may run. Never throws.
   */
  refusal(): Promise<string | undefined>;
  /** Where long commands are written as scripts the shell sources: readable at the same path inside. */
  scriptsDir(): string;
  /**
   * Starts bash on a pty, resolved once it runs (not once it prompted). Throws with a message a
   * person can read when the sandbox cannot start it.
   */
  startShell(request: ShellRequest): Promise<SandboxShell>;
  /**
   * Why the sandbox under the last shell went away (a container that died or was removed), to tell
   * the model with the `exited` result; undefined when nothing is known beyond the shell's own exit
   * (`exitCode`, -1 when unknown).
   */
  whyShellEnded(exitCode: number | null): Promise<string | undefined>;
  /**
   * Starts one process with piped stdio in the sandbox (a stdio MCP server), as the commands' user
   * in the workspace, behind the same network. Absent: the backend has no such way (bubblewrap's
   * servers start through mcp/sandboxed-server-launch.ts). Throws like startShell.
   */
  startPiped?(request: PipedRequest): Promise<PipedProcess>;
  /** Why the sandbox stopped answering after it had worked (see ConversationSandbox.lost); absent: never. */
  lost?(): string | undefined;
  /** The limits of the agent's shell; created on first use. */
  limits(): SandboxLimits;
  /** A phrase naming how failures to start are told: "The sandbox (bubblewrap)". */
  readonly label: string;
  dispose(): Promise<void>;
}

/** Runs one process with piped stdio in a workspace's sandbox (git for checkpoints and the workspace API). */
export type ConfinedRunner = (run: ConfinedRun) => Promise<ConfinedResult>;
