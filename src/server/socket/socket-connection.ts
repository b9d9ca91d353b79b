import type { WebSocket } from 'ws';
import { CLOSE } from './session-socket-options';

export interface SocketConnectionOptions {
  /** Past this much unsent data the reader is too slow: the socket is closed 4008. */
  maxBufferedBytes: number;
  /** The 4008 close reason: each protocol tells its client how to reconnect. */
  slowConsumerReason: string;
}

/**
 * The plumbing a conversation socket (ours or upstream's) needs from accept to close: writes that
 * count what ws has not written yet (so a replay can wait for it), the slow-reader cut-off, and one
 * cleanup that every exit path runs — clearing timers, waking flush waiters and undoing what was
 * deferred (unsubscribe, free the slot).
 */
export interface SocketConnection {
  /** True once any exit path has run; nothing is written after that. */
  closed(): boolean;
  isOpen(): boolean;
  write(text: string): void;
  /** Resolves when every write so far is out (or the socket is gone). */
  flush(): Promise<void>;
  close(code: number, reason: string): void;
  closeSlowConsumer(): void;
  cleanup(): void;
  /** Cleared at cleanup. */
  track(timer: NodeJS.Timeout): void;
  /** Runs at cleanup, latest first; registered after cleanup, it waits for the next cleanup call. */
  defer(undo: () => void): void;
}

export function createSocketConnection(
  socket: WebSocket,
  options: SocketConnectionOptions,
): SocketConnection {
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  let deferred: (() => void)[] = [];

  // Frames handed to ws but not yet written out, and who waits for that count to reach zero.
  let unwritten = 0;
  let drainWaiters: (() => void)[] = [];
  const releaseDrainWaiters = () => {
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const resolve of waiters) resolve();
  };
  const onWritten = () => {
    unwritten -= 1;
    if (unwritten === 0) releaseDrainWaiters();
  };

  const isOpen = () => !closed && socket.readyState === socket.OPEN;

  function cleanup() {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    releaseDrainWaiters();
    const undo = deferred.reverse();
    deferred = [];
    for (const step of undo) step();
  }

  function close(code: number, reason: string) {
    if (closed) return;
    cleanup();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason);
  }

  function closeSlowConsumer() {
    close(CLOSE.slowConsumer, options.slowConsumerReason);
    // The close frame waits behind the unsent data; do not keep that memory for long.
    const terminateTimer = setTimeout(() => socket.terminate(), 1000);
    terminateTimer.unref();
  }

  socket.on('close', cleanup);
  socket.on('error', cleanup);

  return {
    closed: () => closed,
    isOpen,
    write(text) {
      if (!isOpen()) return;
      unwritten += 1;
      socket.send(text, onWritten);
      if (socket.bufferedAmount > options.maxBufferedBytes) closeSlowConsumer();
    },
    flush: () =>
      unwritten === 0 || !isOpen()
        ? Promise.resolve()
        : new Promise<void>((resolve) => drainWaiters.push(resolve)),
    close,
    closeSlowConsumer,
    cleanup,
    track(timer) {
      timers.push(timer);
    },
    defer(undo) {
      deferred.push(undo);
    },
  };
}
