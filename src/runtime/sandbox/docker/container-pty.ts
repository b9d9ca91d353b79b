import { readFileSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type Docker from 'dockerode';
import type { PtyProcess } from '../pty-process';

export interface ContainerExec {
  argv: readonly string[];
  env: Readonly<Record<string, string>>;
  user: string;
  workingDir: string;
  cols: number;
  rows: number;
}

/**
 * Runs `argv` in the container on a tty of its own (an exec with `Tty`), as a PtyProcess: what is
 * written goes to the tty (so `\x03` is C-c through the line discipline, as on a node-pty), what the
 * tty prints comes back decoded. `pid` is the exec's host pid when the daemon runs on this machine
 * (checked against the process's cgroup, so a remote daemon's number never names a local process),
 * else -1. Output that arrives before a listener is attached is held for the first one. Throws when
 * the daemon refuses the exec (the container is gone).
 */
export async function startContainerPty(
  container: Docker.Container,
  exec: ContainerExec,
): Promise<PtyProcess> {
  const created = await container.exec({
    Cmd: [...exec.argv],
    Env: Object.entries(exec.env).map(([name, value]) => `${name}=${value}`),
    User: exec.user,
    WorkingDir: exec.workingDir,
    Tty: true,
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    ConsoleSize: [exec.rows, exec.cols],
  });
  const stream = (await created.start({ hijack: true, stdin: true, Tty: true })) as Duplex;
  return adaptStream(stream, created, await execPid(created, container.id));
}

/** Tries for the exec's pid this often and this many times: the daemon names it a moment after the start. */
const PID_POLL_MS = 10;
const PID_POLLS = 50;

/** The exec's local host pid, once the daemon reports it; -1 when it never does or is not local. */
async function execPid(exec: Docker.Exec, containerId: string): Promise<number> {
  for (let attempt = 0; attempt < PID_POLLS; attempt++) {
    const inspected = await exec.inspect().catch(() => undefined);
    if (inspected === undefined) return -1;
    if (inspected.Pid > 0) return localPid(inspected.Pid, containerId);
    if (!inspected.Running && inspected.ExitCode !== null) return -1;
    await new Promise((resolve) => setTimeout(resolve, PID_POLL_MS));
  }
  return -1;
}

function adaptStream(stream: Duplex, exec: Docker.Exec, pid: number): PtyProcess {
  const decoder = new StringDecoder('utf8');
  const dataListeners: ((data: string) => void)[] = [];
  const exitListeners: ((event: { exitCode: number }) => void)[] = [];
  const held: string[] = [];
  let exitCode: number | undefined;
  stream.on('data', (chunk: Buffer) => {
    const text = decoder.write(chunk);
    if (text === '') return;
    if (dataListeners.length === 0) held.push(text);
    for (const listener of dataListeners) listener(text);
  });
  let ending = false;
  const ended = () => {
    if (ending) return;
    ending = true;
    exec
      .inspect()
      .then((info) => info.ExitCode ?? -1)
      // The container went away with the exec: no code to read.
      .catch(() => -1)
      .then((code) => {
        exitCode = code;
        for (const listener of exitListeners) listener({ exitCode: code });
      });
  };
  stream.on('end', ended);
  stream.on('close', ended);
  // A broken connection ends the shell as far as the terminal knows; the error itself says nothing more.
  stream.on('error', ended);
  return {
    pid,
    write(data) {
      if (!stream.destroyed) stream.write(data);
    },
    onData(listener) {
      dataListeners.push(listener);
      for (const text of held.splice(0)) listener(text);
    },
    onExit(listener) {
      exitListeners.push(listener);
      if (exitCode !== undefined) listener({ exitCode });
    },
    resize(cols, rows) {
      // A resize racing the shell's end is refused by the daemon; nothing to do about it.
      exec.resize({ h: rows, w: cols }).catch(() => undefined);
    },
    kill(signal = 'SIGHUP') {
      if (pid > 0) {
        process.kill(pid, signal);
        return;
      }
      // No local pid (a remote daemon): closing the connection hangs the tty up, which ends bash.
      stream.destroy();
    },
  };
}

/** `pid` when /proc shows it as a process of container `containerId`; -1 otherwise. */
function localPid(pid: number | undefined, containerId: string): number {
  if (pid === undefined || pid <= 0) return -1;
  try {
    return readFileSync(`/proc/${pid}/cgroup`, 'utf8').includes(containerId) ? pid : -1;
  } catch {
    // no such process here: the daemon runs elsewhere
    return -1;
  }
}
