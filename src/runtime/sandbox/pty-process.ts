/**
 * What a shell on a terminal offers the terminal tools: node-pty's IPty fits it, and so does a
 * container exec's tty stream (container-pty.ts). `pid` is a host pid whose /proc entry shows the
 * terminal's foreground group (bwrap, or the exec's bash when the daemon is local), or -1 when there
 * is none to read; the foreground-group kill and the waiting-for-input check then find nothing.
 */
export interface PtyProcess {
  readonly pid: number;
  write(data: string): void;
  /** Every chunk of output, decoded as UTF-8 (a character split across chunks arrives whole). */
  onData(listener: (data: string) => void): unknown;
  /** Once, when the shell ended; its exit code (128+n for a signal), or -1 when unknown. */
  onExit(listener: (event: { exitCode: number }) => void): unknown;
  resize(cols: number, rows: number): void;
  /** Sends `signal` to the shell; may throw when it is already gone. */
  kill(signal?: string): void;
}
