import type { Event, NewEvent } from '../events';
import { buildView, extendView, type View } from '../context/view';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { createStreamRedactor } from '../secrets/create-stream-redactor';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { ConversationPatch, ConversationRecord, EventStore } from '../store/event-store';
import type { LiveFrame, LiveFrameListener } from '../agent/live-frame';
import { nextStatus, type StatusHappening } from './status-machine';

/**
 * One conversation's log as the loop sees it: durable appends that are published only after the
 * store committed them, the active branch and its view kept up to date incrementally, the status and
 * other state changes recorded as ConversationStateUpdateEvents, and the subscribers.
 */
export interface ConversationLog {
  readonly id: string;
  record(): ConversationRecord;
  branch(): readonly Event[];
  view(): View;
  lastSeq(): number;
  append(event: NewEvent): Event;
  publish(frame: LiveFrame): void;
  /** Records a state change: the row first, then the durable event subscribers hear of. */
  setState(key: string, value: unknown, patch: ConversationPatch): void;
  /**
   * Moves the status where the status machine says `happening` leads (the only way the status
   * changes). No-op when unchanged; throws for a transition it forbids (a loop bug).
   */
  transition(happening: StatusHappening): void;
  /** Re-reads the branch after the leaf moved (navigate). */
  reload(): void;
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
   * Masks secrets in streamed model output (`delta` frames) before any subscriber hears of it.
   * Durable events are redacted by the store the log is given (see createRedactingEventStore).
   */
  secrets?: SecretRegistry | undefined;
  logger: RuntimeLogger;
}

export function createConversationLog(store: EventStore, id: string, ports: LogPorts): ConversationLog {
  let branch: Event[] = store.activeBranch(id);
  let view = buildView(branch);
  const listeners = new Set<LiveFrameListener>();
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });

  const deliver = (frame: LiveFrame) => {
    for (const listener of [...listeners]) {
      try {
        listener(frame);
      } catch (error) {
        // A subscriber's failure (a closed socket) must not stop the loop or the other subscribers.
        ports.logger.error('conversation subscriber failed', { conversation_id: id, error });
      }
    }
  };

  const publish = ports.secrets ? redactingPublisher(id, ports.secrets, deliver) : deliver;

  const append = (event: NewEvent): Event => {
    const stored = store.append(id, event);
    if (stored.kind !== 'ConversationStateUpdateEvent') {
      if (stored.parent_id === branch.at(-1)?.id) {
        branch.push(stored);
        view = extendView(view, stored);
      } else {
        branch = store.activeBranch(id);
        view = buildView(branch);
      }
    }
    publish({ type: 'durable', seq: stored.seq, event: stored });
    return stored;
  };

  const record = (): ConversationRecord => {
    const current = store.getConversation(id);
    if (!current) throw new Error(`conversation ${id} vanished from the store while loaded`);
    return current;
  };

  const setState = (key: string, value: unknown, patch: ConversationPatch) => {
    store.updateConversation(id, patch);
    append({
      kind: 'ConversationStateUpdateEvent',
      id: ports.newId(),
      timestamp: ports.now(),
      source: 'environment',
      key,
      value,
    });
  };

  return {
    id,
    record,
    branch: () => branch,
    view: () => view,
    lastSeq: () => record().last_seq,
    append,
    publish,
    setState,
    transition(happening) {
      const current = record().execution_status;
      const status = nextStatus(current, happening);
      if (current === status) return;
      setState('execution_status', status, { execution_status: status });
    },
    reload() {
      branch = store.activeBranch(id);
      view = buildView(branch);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscriberCount: () => listeners.size,
    ended,
    end: () => end(),
  };
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
