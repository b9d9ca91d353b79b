import type { Event, NewEvent } from '../events';
import { buildView, extendView, type View } from '../context/view';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { createStreamRedactor } from '../secrets/create-stream-redactor';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import {
  type ConversationPatch,
  type ConversationRecord,
  type EventStore,
  StoreError,
} from '../store/event-store';
import { stampEvent } from '../store/stamp-event';
import type { LiveFrame, LiveFrameListener } from '../agent/live-frame';
import { nextStatus, type StatusHappening } from './status-machine';

/**
 * One conversation's log as the loop sees it: the active branch, its view and the conversation row
 * held in memory, appends that are published only after the store committed them, the status and
 * other state changes recorded as ConversationStateUpdateEvents, and the subscribers.
 *
 * The store is asynchronous, but the loop's decisions (is a run going, what is pending, what status)
 * must see every write it asked for at once, as when the store was synchronous. So a write changes
 * the memory copy immediately (the log is the only writer of a loaded conversation, so it can stamp
 * seq and parent exactly as the store will) and is queued; the queue commits writes one at a time in
 * the order they were asked for and publishes each event after its commit, so subscribers hear of
 * events in seq order. A write the store refuses, or one the store stamped differently, makes the log
 * read branch and row back from the store.
 */
export interface ConversationLog {
  readonly id: string;
  /** The row as the writes asked for so far leave it (some may still be committing). */
  record(): ConversationRecord;
  branch(): readonly Event[];
  view(): View;
  lastSeq(): number;
  /**
   * The seq of the last event committed and published to subscribers (behind lastSeq while writes
   * are queued). A subscriber attached now hears of every later event and of none up to this one.
   */
  publishedSeq(): number;
  /**
   * Takes effect on branch, view and record at once; settles with the stored event once committed and
   * published. Throws StoreError `invalid_event` at once (nothing changed); a later store failure
   * rejects the promise and is logged (a caller may leave it unawaited).
   */
  append(event: NewEvent): Promise<Event>;
  publish(frame: LiveFrame): void;
  /** Records a state change: the row first, then the durable event subscribers hear of. */
  setState(key: string, value: unknown, patch: ConversationPatch): Promise<void>;
  /**
   * Moves the status where the status machine says `happening` leads (the only way the status
   * changes). No-op when unchanged; throws for a transition it forbids (a loop bug).
   */
  transition(happening: StatusHappening): Promise<void>;
  /** Re-reads branch and row after the leaf moved (navigate), once the writes before it committed. */
  reload(): Promise<void>;
  /** Re-reads the fields others change on a loaded conversation (title, tags, pinned). */
  refresh(): Promise<void>;
  /** Settles once every write asked for so far has committed or failed. */
  settled(): Promise<void>;
  subscribe(listener: LiveFrameListener): () => void;
  subscriberCount(): number;
  /** Settles once the conversation was deleted: its subscribers should let go. */
  readonly ended: Promise<void>;
  /** Marks the conversation deleted (settles `ended`). */
  end(): void;
}

export interface LogPorts {
  newId(): string;
  now(): string;
  /**
   * Masks secrets in streamed model output (`delta` frames) before any subscriber hears of it, and in
   * the memory copy of an event before the store (see createRedactingEventStore) has redacted it.
   */
  secrets?: SecretRegistry | undefined;
  logger: RuntimeLogger;
}

/** Reads the conversation's row and active branch; throws StoreError `unknown_conversation`. */
export async function openConversationLog(
  store: EventStore,
  id: string,
  ports: LogPorts,
): Promise<ConversationLog> {
  const [initial, initialBranch] = await Promise.all([store.getConversation(id), store.activeBranch(id)]);
  if (!initial) throw new StoreError('unknown_conversation', `Unknown conversation ${id}`);
  let current: ConversationRecord = initial;
  let published = initial.last_seq;
  let branch: Event[] = initialBranch;
  let view = buildView(branch);
  /** The tail of the write queue; never rejects. */
  let queue: Promise<void> = Promise.resolve();
  /** The memory copy may differ from the store: read it back once the queue is empty. */
  let diverged = false;
  let pending = 0;
  /** Counts changes to the memory copy, so a read-back that raced a new write is not applied. */
  let generation = 0;
  const subscribers = createSubscribers(id, ports.logger);
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });

  const { deliver } = subscribers;
  const publish = ports.secrets ? redactingPublisher(id, ports.secrets, deliver) : deliver;

  const readBack = async () => {
    const before = generation;
    const [row, path] = await Promise.all([store.getConversation(id), store.activeBranch(id)]);
    if (generation !== before) {
      diverged = true; // a write came meanwhile: read again after it
      return;
    }
    if (row) current = row;
    branch = path;
    view = buildView(branch);
  };

  /** Queues `write`; after the last queued write, reads the store back if the copy diverged. */
  function enqueue<T>(write: () => Promise<T>): Promise<T> {
    pending += 1;
    const result = queue.then(write);
    queue = result.then(
      () => undefined,
      (error: unknown) => {
        diverged = true;
        ports.logger.error('conversation write failed', { conversation_id: id, error });
      },
    );
    queue = queue.then(async () => {
      pending -= 1;
      if (pending > 0 || !diverged) return;
      diverged = false;
      await readBack().catch((error: unknown) =>
        ports.logger.error('conversation not read back', { conversation_id: id, error }),
      );
    });
    // The caller may leave it unawaited: its failure is reported above.
    result.catch(() => undefined);
    return result;
  }

  /** The memory side of an append: what the store will make of it. */
  function applyToMemory(event: NewEvent): Event {
    const redacted = ports.secrets ? ports.secrets.redactDeep(event, id) : event;
    const parent = event.parent_id === undefined ? current.leaf_event_id : event.parent_id;
    const stamped = stampEvent(redacted, current.last_seq + 1, parent);
    generation += 1;
    const movesLeaf = stamped.kind !== 'ConversationStateUpdateEvent';
    current = {
      ...current,
      last_seq: stamped.seq,
      updated_at: ports.now(),
      ...(movesLeaf ? { leaf_event_id: stamped.id } : {}),
    };
    if (!movesLeaf) return stamped;
    if (parent === (branch.at(-1)?.id ?? null)) {
      branch = [...branch, stamped];
      view = extendView(view, stamped);
      return stamped;
    }
    const at = parent === null ? -1 : branch.findIndex((held) => held.id === parent);
    if (parent !== null && at < 0) diverged = true; // a parent off the branch: read the path back
    branch = [...branch.slice(0, at + 1), stamped];
    view = buildView(branch);
    return stamped;
  }

  const append = (event: NewEvent): Promise<Event> => {
    const expected = applyToMemory(event);
    return enqueue(async () => {
      const stored = await store.append(id, event);
      if (!sameEvent(stored, expected)) diverged = true;
      published = stored.seq;
      publish({ type: 'durable', seq: stored.seq, event: stored });
      return stored;
    });
  };

  const setState = (key: string, value: unknown, patch: ConversationPatch): Promise<void> => {
    current = { ...current, ...structuredClone(definedFields(patch)) };
    generation += 1;
    const row = enqueue(() => store.updateConversation(id, patch));
    const event = append({
      kind: 'ConversationStateUpdateEvent',
      id: ports.newId(),
      timestamp: ports.now(),
      source: 'environment',
      key,
      value,
    });
    const done = Promise.all([row, event]).then(() => undefined);
    // Like enqueue's: the caller may leave it unawaited, and its failure is reported there.
    done.catch(() => undefined);
    return done;
  };

  return {
    id,
    record: () => current,
    branch: () => branch,
    view: () => view,
    lastSeq: () => current.last_seq,
    publishedSeq: () => published,
    append,
    publish,
    setState,
    transition(happening) {
      const status = nextStatus(current.execution_status, happening);
      if (current.execution_status === status) return Promise.resolve();
      return setState('execution_status', status, { execution_status: status });
    },
    reload: () => enqueue(readBack),
    refresh: () =>
      enqueue(async () => {
        const row = await store.getConversation(id);
        if (!row) return;
        const { title, title_source, tags, pinned } = row;
        current = { ...current, title, title_source, tags, pinned };
      }),
    settled: () => queue,
    subscribe: subscribers.subscribe,
    subscriberCount: subscribers.count,
    ended,
    end: () => end(),
  };
}

/** The log's subscribers: each frame reaches every one, whatever another one throws. */
function createSubscribers(id: string, logger: RuntimeLogger) {
  const listeners = new Set<LiveFrameListener>();
  return {
    deliver(frame: LiveFrame): void {
      for (const listener of [...listeners]) {
        try {
          listener(frame);
        } catch (error) {
          // A subscriber's failure (a closed socket) must not stop the loop or the other subscribers.
          logger.error('conversation subscriber failed', { conversation_id: id, error });
        }
      }
    },
    subscribe(listener: LiveFrameListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    count: () => listeners.size,
  };
}

function definedFields(patch: ConversationPatch): ConversationPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

/** The store stamped what the memory copy expected (same place in the log, same content). */
function sameEvent(stored: Event, expected: Event): boolean {
  return JSON.stringify(stored) === JSON.stringify(expected);
}

/**
 * Publishes with streamed text redacted. A delta's text is held back while it could still be the
 * start of a secret (see createStreamRedactor) and released by later deltas of the same item, or
 * flushed when the item ends: before its `item_aborted`, or before the durable event that completes it.
 */
function redactingPublisher(
  conversationId: string,
  secrets: SecretRegistry,
  deliver: (frame: LiveFrame) => void,
): (frame: LiveFrame) => void {
  const stream = createStreamRedactor(() => secrets.redactor(conversationId));
  const streamKey = (itemId: string, kind: 'text' | 'reasoning') => `${kind}:${itemId}`;
  const flushItem = (itemId: string) => {
    for (const kind of ['reasoning', 'text'] as const) {
      const rest = stream.flush(streamKey(itemId, kind));
      if (rest !== '') deliver({ type: 'delta', item_id: itemId, kind, content: rest });
    }
  };
  return (frame) => {
    if (frame.type === 'delta') {
      const content = stream.push(streamKey(frame.item_id, frame.kind), frame.content);
      if (content !== '') deliver({ ...frame, content });
      return;
    }
    if (frame.type === 'item_aborted') flushItem(frame.item_id);
    if (frame.type === 'durable' && 'llm_response_id' in frame.event && frame.event.llm_response_id) {
      flushItem(frame.event.llm_response_id);
    }
    deliver(frame);
  };
}
