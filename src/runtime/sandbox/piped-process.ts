import type { Readable, Writable } from 'node:stream';

/** One program to start with piped stdio, no terminal (a stdio MCP server). */
export interface PipedRequest {
  argv: readonly string[];
  /** Variables on top of the sandbox's own (HOME, PATH, the proxy's). */
  env: Readonly<Record<string, string>>;
}

/**
 * A process started in a sandbox with piped stdio. `stdout` and `stderr` carry its bytes as they
 * come; `onExit` fires once when it ended (its code, or null when unknown). `kill` ends it and
 * resolves once the kill was delivered; it never throws.
 */
export interface PipedProcess {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  onExit(listener: (code: number | null) => void): void;
  kill(): Promise<void>;
}
