import type { Event, ExecutionStatus, NewEvent } from '../events';
import { buildView, extendView, type View } from '../context/view';
import type { ConversationPatch, ConversationRecord, EventStore } from '../store/event-store';
import type { LiveFrame, LiveFrameListener } from './live-frame';
import { canTransition } from './status-machine';

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
  /** No-op when unchanged; throws for a transition the status machine forbids (a loop bug). */
  setStatus(status: ExecutionStatus): void;
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
}

export function createConversationLog(store: EventStore, id: string, ports: LogPorts): ConversationLog {
  let branch: Event[] = store.activeBranch(id);
  let view = buildView(branch);
  const listeners = new Set<LiveFrameListener>();
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });

  const publish = (frame: LiveFrame) => {
    for (const listener of [...listeners]) {
      try {
        listener(frame);
      } catch (error) {
        // A subscriber's failure (a closed socket) must not stop the loop or the other subscribers.
        console.error('conversation subscriber failed', error);
      }
    }
  };

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
    setStatus(status) {
      const current = record().execution_status;
      if (current === status) return;
      if (!canTransition(current, status)) throw new Error(`status ${current} cannot become ${status}`);
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
