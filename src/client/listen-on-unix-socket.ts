import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';

import { createServer, type Socket } from 'node:net';
import { dirname } from 'node:path';

/** Linux's sun_path holds 108 bytes, the last a NUL: a longer path cannot be bound (or is cut). */
export const MAX_UNIX_SOCKET_PATH_BYTES = 107;

/** Why a socket could not be listened on, in words for the person (the runtime's StartupError wraps it). */
export class UnixSocketError extends Error {}

export interface UnixSocketListener {
  /** Stops accepting and removes the socket file; connections made stay the HTTP server's to close. */
  stopAccepting(): void;
  /** Stops accepting, removes the socket file and drops the connections still open. */
  close(): void;
}

/**
 * A door for the workbench's own processes only: the runtime's second door, for the launcher's
 * ingress, and the ingress's, for what the runtime sends back from a connection handed to it. `path`
 * (in the data dir, which no sandbox sees) becomes a Unix socket whose connections the same HTTP
 * server serves, REST and upgrades alike, without TCP's loopback costs. Its folder is made 0700 (and must be a real folder
 * of ours, not a link), the socket 0600. A socket file left by a runtime that died is removed first:
 * the caller holds the data dir (the runtime its lock, the launcher the check that no runtime does), so no
 * live process listens there; anything else at that path is
 * refused, never removed. Throws UnixSocketError naming what is wrong.
 */
export async function listenOnUnixSocket(
  server: Pick<NodeJS.EventEmitter, 'emit'>,
  path: string,
): Promise<UnixSocketListener> {
  if (Buffer.byteLength(path) > MAX_UNIX_SOCKET_PATH_BYTES)
    throw new UnixSocketError(`The socket path ${path} is longer than ${MAX_UNIX_SOCKET_PATH_BYTES} bytes`);
  prepareSocketFolder(dirname(path));
  removeStaleSocket(path);
  const connections = new Set<Socket>();
  const listener = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    server.emit('connection', socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', (error) =>
      reject(new UnixSocketError(`Cannot listen on ${path}: ${error.message}`)),
    );
    listener.listen(path, () => resolve());
  });
  // Nobody but this user could reach it even before: its folder is 0700.
  chmodSync(path, 0o600);
  let accepting = true;
  const stopAccepting = () => {
    if (!accepting) return;
    accepting = false;
    listener.close();
    try {
      unlinkSync(path);
    } catch {
      // Already gone: nothing to remove.
    }
  };
  return {
    stopAccepting,
    close() {
      stopAccepting();
      for (const socket of connections) socket.destroy();
    },
  };
}

/** The socket's folder: created 0700, or an existing real folder of this user's, set to 0700. */
function prepareSocketFolder(folder: string): void {
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new UnixSocketError(`Cannot create ${folder}: ${(error as Error).message}`);
  }
  const stat = lstatSync(folder);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.())
    throw new UnixSocketError(
      `${folder} must be a folder of this user's (not a link): remove it and start again`,
    );
  chmodSync(folder, 0o700);
}

/**
 * A socket file at `path` is a dead process's (the caller holds the data dir, which a live one
 * would hold), so it goes; anything that is not a socket stays, and the start is refused.
 */
function removeStaleSocket(path: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return; // nothing there
  }
  if (!stat.isSocket())
    throw new UnixSocketError(`${path} exists and is not a socket: remove it and start again`);
  unlinkSync(path);
}
