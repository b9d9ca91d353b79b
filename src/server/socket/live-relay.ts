import type { LiveFrame } from '../../runtime/agent/live-frame';
import type { ConversationInfo, Event } from '../../runtime/events';
import type { SeqRange } from '../../runtime/store/event-store';
import type { ServerFrame } from './socket-frames';

export interface RelayPort {
  /** Queues a frame on the socket (never blocks). */
  send(frame: ServerFrame): void;
  /** Bytes queued on the socket and not yet written out. */
  backlog(): number;
  /** Resolves once everything queued so far has been written out (or the socket closed). */
  flush(): Promise<void>;
  isOpen(): boolean;
  readEvents(range: SeqRange): Promise<Event[]>;
  /** Too many live frames piled up during a replay: the socket must go. */
  overflow(): void;
}

export interface LiveRelay {
  /** The subscription listener. Until `replay` has finished, frames are held. */
  onFrame(frame: LiveFrame): void;
  /** Sends `sync`, the durable events (afterSeq, throughSeq] page by page, then the held frames. */
  replay(afterSeq: number, throughSeq: number, state: ConversationInfo): Promise<void>;
  /** The last durable seq sent (the client's cursor as far as this connection knows). */
  lastSentSeq(): number;
}

/**
 * The no-gap, no-duplicate core of the session socket. The subscription is attached before the
 * replay reads the store, so every event after throughSeq arrives as a live frame; frames arriving
 * during the replay are held, and durable frames at or below the last seq sent are dropped. The replay
 * waits for the socket to drain whenever its backlog passes a mark, so a long replay to a slow
 * reader never piles up in memory.
 */
export function createLiveRelay(
  port: RelayPort,
  options: { pageSize: number; maxHeldFrames: number; replayHighWaterBytes: number },
): LiveRelay {
  let replaying = true;
  let lastSent = -1;
  let held: LiveFrame[] = [];

  const deliver = (frame: LiveFrame) => {
    if (frame.type === 'durable') {
      if (frame.seq <= lastSent) return;
      lastSent = frame.seq;
    }
    port.send(frame);
  };

  return {
    onFrame(frame) {
      if (!port.isOpen()) return;
      if (!replaying) return deliver(frame);
      held.push(frame);
      if (held.length > options.maxHeldFrames) {
        held = [];
        port.overflow();
      }
    },

    async replay(afterSeq, throughSeq, state) {
      lastSent = Math.min(afterSeq, throughSeq);
      port.send({ type: 'sync', from_seq: lastSent + 1, through_seq: throughSeq, state });
      while (lastSent < throughSeq && port.isOpen()) {
        const page = await port.readEvents({
          afterSeq: lastSent,
          beforeSeq: throughSeq + 1,
          limit: options.pageSize,
        });
        if (page.length === 0) break;
        for (const event of page) {
          deliver({ type: 'durable', seq: event.seq, event });
          if (port.backlog() > options.replayHighWaterBytes) await port.flush();
        }
      }
      replaying = false;
      const pending = held;
      held = [];
      for (const frame of pending) {
        if (!port.isOpen()) return;
        deliver(frame);
      }
    },

    lastSentSeq: () => lastSent,
  };
}
