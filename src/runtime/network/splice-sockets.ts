import type { Duplex } from 'node:stream';

export interface SpliceTotals {
  /** Bytes read from the client side and passed destination. */
  bytesSent: number;
  /** Bytes read from destination and passed to the client. */
  bytesReceived: number;
}

interface CountedSocket extends Duplex {
  bytesRead?: number;
  setTimeout?: (timeout: number, callback?: () => void) => unknown;
}

/**
 * Pipes `client` and `destination` into each other until both are done, then resolves with the totals.
 * End-of-stream is forwarded (a half-closing client still gets the whole answer); an error, a close
 * or `idleTimeoutMs` without traffic on either socket tears both down. Never rejects.
 */
export function spliceSockets(
  client: CountedSocket,
  destination: CountedSocket,
  idleTimeoutMs: number,
): Promise<SpliceTotals> {
  return new Promise((resolve) => {
    let open = 2;
    const closeBoth = () => {
      client.destroy();
      destination.destroy();
    };
    const onClose = () => {
      closeBoth();
      open -= 1;
      if (open === 0)
        resolve({ bytesSent: client.bytesRead ?? 0, bytesReceived: destination.bytesRead ?? 0 });
    };
    for (const socket of [client, destination]) {
      socket.on('error', closeBoth); // resets are routine at either end; the totals still resolve
      socket.once('close', onClose);
      socket.setTimeout?.(idleTimeoutMs, closeBoth);
    }
    client.pipe(destination);
    destination.pipe(client);
  });
}
