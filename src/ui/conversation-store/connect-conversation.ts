import type { StoreApi } from 'zustand';
import { isTransientApiError, transientRetryDelay } from '../api/transient-api-error';
import type { ConversationInfo, Event, ServerFrame } from '../api/wire-types';
import { hasOlderEvents, lastHeldSeq } from './conversation-view-state';
import type { ConversationStore } from './create-conversation-store';

/** What connecting needs from the outside world; the page passes the real client and socket. */
export interface ConversationPorts {
  fetchInfo(): Promise<ConversationInfo>;
  /** Up to one page of events with seq < beforeSeq (the newest page when undefined), any order. */
  fetchEvents(beforeSeq: number | undefined): Promise<Event[]>;
  /**
   * Opens the reconnecting socket. `afterSeq` is asked at every (re)connect so replay starts after
   * what the store holds. `onLive(false)` reports a lost connection that is being retried.
   */
  openSocket(handlers: {
    afterSeq: () => number;
    onFrame: (frame: ServerFrame) => void;
    onLive: (live: boolean) => void;
  }): { close(): void };
}

export interface ConversationConnection {
  /** Loads the page before the oldest held event; resolves false when there is nothing older. */
  loadOlder(): Promise<boolean>;
  close(): void;
}

/**
 * Fills a conversation store: the info and the newest page over REST, then the socket from the
 * newest held seq on (so a long conversation opens without replaying all of it). Consecutive durable
 * frames are folded in one batch per tick; a non-durable frame flushes the batch first so order holds.
 * Failures of the first load are reported through `onLoadError`; a transient one (the runtime
 * restarting: 502/503/504, no answer) is retried with backoff, and `onLoadError(undefined)` clears it
 * once a retry succeeds. The socket retries on its own.
 */
export function connectConversation(
  store: StoreApi<ConversationStore>,
  ports: ConversationPorts,
  onLoadError: (error: unknown | undefined) => void,
): ConversationConnection {
  let closed = false;
  let socket: { close(): void } | undefined;
  let pending: Event[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let olderRequest: Promise<boolean> | undefined;

  const flush = () => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    store.getState().receiveEvents(batch);
  };
  const onFrame = (frame: ServerFrame) => {
    if (closed) return;
    if (frame.type === 'durable') {
      pending.push(frame.event);
      flushTimer ??= setTimeout(flush, 16);
      return;
    }
    flush();
    if (frame.type === 'sync') store.getState().receiveSync(frame.state, frame.through_seq);
    else if (
      frame.type === 'item_started' ||
      frame.type === 'delta' ||
      frame.type === 'item_aborted' ||
      frame.type === 'item_retrying'
    ) {
      store.getState().receiveStreamFrame(frame);
    }
  };

  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const load = (attempt: number) => {
    void Promise.all([ports.fetchInfo(), ports.fetchEvents(undefined)])
      .then(([info, events]) => {
        if (closed) return;
        store.getState().receiveEvents(events);
        store.getState().receiveInfo(info);
        if (attempt > 0) onLoadError(undefined);
        socket = ports.openSocket({
          afterSeq: () => {
            flush();
            return lastHeldSeq(store.getState());
          },
          onFrame,
          onLive: (live) => {
            if (!closed) store.getState().setConnection(live ? 'live' : 'reconnecting');
          },
        });
      })
      .catch((error: unknown) => {
        if (closed) return;
        onLoadError(error);
        // The runtime is restarting or unreachable: ask again, with backoff, until it answers.
        if (isTransientApiError(error))
          retryTimer = setTimeout(() => load(attempt + 1), transientRetryDelay(attempt));
      });
  };
  load(0);

  return {
    loadOlder() {
      const state = store.getState();
      if (!hasOlderEvents(state)) return Promise.resolve(false);
      olderRequest ??= ports
        .fetchEvents(state.events[0]?.seq)
        .then((events) => {
          if (!closed) store.getState().receiveEvents(events);
          return events.length > 0;
        })
        .finally(() => {
          olderRequest = undefined;
        });
      return olderRequest;
    },
    close() {
      closed = true;
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      socket?.close();
    },
  };
}
