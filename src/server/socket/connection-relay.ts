import type { WebSocket } from 'ws';
import type { Event } from '../../runtime/events';
import type { SeqRange } from '../../runtime/store/event-store';
import { createLiveRelay, type LiveRelay } from './live-relay';
import type { SessionSocketOptions } from './session-socket-options';
import type { SocketConnection } from './socket-connection';
import type { ServerFrame } from './socket-frames';

/**
 * The live relay wired to a socket connection, with the session socket's limits: both conversation
 * sockets replay and hold frames the same way and differ only in how a frame is written.
 */
export function createConnectionRelay(
  socket: WebSocket,
  connection: SocketConnection,
  options: SessionSocketOptions,
  port: { send(frame: ServerFrame): void; readEvents(range: SeqRange): Promise<Event[]> },
): LiveRelay {
  return createLiveRelay(
    {
      send: port.send,
      isOpen: connection.isOpen,
      backlog: () => socket.bufferedAmount,
      flush: connection.flush,
      readEvents: port.readEvents,
      overflow: connection.closeSlowConsumer,
    },
    {
      pageSize: options.replayPageSize,
      maxHeldFrames: options.maxHeldFrames,
      // A replay waits for the socket to drain well before the slow-reader limit.
      replayHighWaterBytes: Math.min(1024 * 1024, options.maxBufferedBytes / 4),
    },
  );
}
