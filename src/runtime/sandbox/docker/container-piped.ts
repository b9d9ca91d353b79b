import { randomUUID } from 'node:crypto';
import { type Duplex, PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import type { PipedProcess } from '../piped-process';

export interface ContainerPipedExec {
  argv: readonly string[];
  env: Readonly<Record<string, string>>;
  user: string;
  workingDir: string;
}

/**
 * Runs `argv` in the container with piped stdio (an exec without a tty; the daemon multiplexes
 * stdout and stderr on one stream, split here). The program writes its pid to a file of the
 * container's tmpfs first, so `kill` can end it with another exec even when the daemon is on
 * another machine. Throws when the daemon refuses the exec (the container is gone).
 */
export async function startContainerPiped(
  docker: Docker,
  container: Docker.Container,
  exec: ContainerPipedExec,
): Promise<PipedProcess> {
  const pidFile = `/tmp/.awb-piped-${randomUUID()}`;
  const created = await container.exec({
    // The pid file named in a variable the program never sees, not as $0: sh names $0 in its errors,
    // and a failed start's message must read the same each time (the notice is said once).
    Cmd: [
      '/bin/sh',
      '-c',
      'echo $$ > "$AWB_PID_FILE" && unset AWB_PID_FILE && exec "$@"',
      'sh',
      ...exec.argv,
    ],
    Env: Object.entries({ ...exec.env, AWB_PID_FILE: pidFile }).map(([name, value]) => `${name}=${value}`),
    User: exec.user,
    WorkingDir: exec.workingDir,
    Tty: false,
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
  });
  const stream = (await created.start({ hijack: true, stdin: true })) as Duplex;
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  docker.modem.demuxStream(stream, stdout, stderr);
  const exitListeners: ((code: number | null) => void)[] = [];
  let exitCode: number | null | undefined;
  let ending = false;
  const ended = () => {
    if (ending) return;
    ending = true;
    stdout.end();
    stderr.end();
    created
      .inspect()
      .then((info) => info.ExitCode ?? null)
      // The container went away with the exec: no code to read.
      .catch(() => null)
      .then((code) => {
        exitCode = code;
        for (const listener of exitListeners.splice(0)) listener(code);
      });
  };
  stream.on('end', ended);
  stream.on('close', ended);
  // A broken connection ends the process as far as its client knows.
  stream.on('error', ended);
  return {
    stdin: stream,
    stdout,
    stderr,
    onExit(listener) {
      if (exitCode !== undefined) listener(exitCode);
      else exitListeners.push(listener);
    },
    async kill() {
      try {
        const killer = await container.exec({
          Cmd: ['/bin/sh', '-c', 'kill -KILL "$(cat "$0")" 2>/dev/null; rm -f "$0"', pidFile],
          User: exec.user,
        });
        const done = (await killer.start({ hijack: true, stdin: false })) as Duplex;
        done.resume();
        await new Promise((resolve) => {
          done.on('end', resolve);
          done.on('close', resolve);
          done.on('error', resolve);
        });
      } catch {
        // The container is gone, and the process with it.
      }
      stream.destroy();
    },
  };
}
