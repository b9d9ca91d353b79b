import type WebSocket from 'ws';

export interface WatchedSocket<F> {
  frames: F[];
  /** Resolves with the close code and reason once the connection ends. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first frame (already received or future) that fits. */
  waitFor(predicate: (frame: F) => boolean, timeoutMs?: number): Promise<F>;
}

/**
 * Collects the JSON frames a raw test client receives, for both conversation sockets (ours and
 * upstream's differ only in the frames' shape). With `authKey`, the auth frame goes out on open.
 */
export function watchTestSocket<F>(socket: WebSocket, authKey?: string): WatchedSocket<F> {
  const frames: F[] = [];
  const waiters: { predicate: (frame: F) => boolean; resolve: (frame: F) => void }[] = [];
  socket.on('open', () => {
    if (authKey !== undefined) socket.send(JSON.stringify({ type: 'auth', session_api_key: authKey }));
  });
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as F;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    socket.on('error', () => {
      // The close event follows with the code; that is what tests look at.
    });
  });
  return {
    frames,
    closed,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = frames.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
  };
}
