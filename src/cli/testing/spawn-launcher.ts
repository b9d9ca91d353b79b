import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export const LAUNCHER_BIN = fileURLToPath(new URL('../../../bin/agent-workbench.mjs', import.meta.url));

export interface LauncherProcess {
  child: ChildProcess;
  pid: number;
  stdoutLines: string[];
  stderrLines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first stdout line matching, rejects on exit or timeout (with stderr in the message). */
  waitForStdout(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
}

/** The real `node bin/agent-workbench.mjs …`, output collected line by line. */
export function spawnLauncher(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; nodeFlags?: readonly string[] } = {},
): LauncherProcess {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), LAUNCHER_BIN, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('launcher did not spawn');
  const stdoutLines: string[] = [];
  const stderrLines: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (stream: NodeJS.ReadableStream | null, lines: string[]) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const listener of listeners) listener();
    });
  };
  collect(child.stdout, stdoutLines);
  collect(child.stderr, stderrLines);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    // 'close' rather than 'exit': by then every line of output has been collected.
    child.once('close', (code, signal) => resolve({ code, signal }));
  });

  const waitForStdout = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const finish = (error?: Error, match?: RegExpMatchArray) => {
        listeners.delete(check);
        clearTimeout(timer);
        if (match) resolve(match);
        else reject(error);
      };
      const check = () => {
        for (const line of stdoutLines) {
          const match = line.match(pattern);
          if (match) return finish(undefined, match);
        }
      };
      const describeOutput = () => `stdout: ${stdoutLines.join('\n')}\nstderr: ${stderrLines.join('\n')}`;
      const timer = setTimeout(
        () => finish(new Error(`launcher not ready in ${timeoutMs} ms\n${describeOutput()}`)),
        timeoutMs,
      );
      void exited.then(({ code }) =>
        finish(new Error(`launcher exited (code ${code}) before ready\n${describeOutput()}`)),
      );
      listeners.add(check);
      check();
    });

  return { child, pid: child.pid, stdoutLines, stderrLines, exited, waitForStdout };
}
