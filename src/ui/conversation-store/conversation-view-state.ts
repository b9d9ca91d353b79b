import type { ConversationInfo, Event } from '../api/wire-types';
import { leafAfter } from '../../event-facts';

/** Text the model is producing right now, shown until the durable events of the same item arrive. */
export interface StreamingItem {
  itemId: string;
  /** The last durable seq when the item started: it renders after that event. */
  anchorSeq: number;
  text: string;
  reasoning: string;
  /** The model call is being retried (the last `item_retrying` frame); cleared by the first delta. */
  retry?: StreamingRetry;
}

/** Attempt `attempt` of an item starts after `delayMs`; `code` and `reason` say why (item_retrying). */
export interface StreamingRetry {
  attempt: number;
  delayMs: number;
  code: string;
  reason: string;
}

/** A message the person sent that the runtime has not yet confirmed as a durable event. */
export interface OptimisticMessage {
  clientMessageId: string;
  text: string;
  state: 'sending' | 'failed';
  error?: string;
}

/** live: the socket is synced; connecting: first attempt; reconnecting: lost and retrying. */
export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

/**
 * Everything one open conversation shows, folded from the runtime's frames by the pure functions of
 * this folder. `events` is sorted by seq with no duplicate; it may start after seq 0 while older
 * pages are not loaded yet.
 */
export interface ConversationViewState {
  conversationId: string;
  info: ConversationInfo | null;
  /** The seq that `info` reflects: state updates at or below it are already part of it. */
  infoSeq: number;
  events: readonly Event[];
  /** What the transcript shows: `events` on the active branch, plus state updates (see activeBranch). */
  branch: readonly Event[];
  /** Events of `branch` where an abandoned branch continues. */
  branchPoints: ReadonlySet<string>;
  streaming: readonly StreamingItem[];
  optimistic: readonly OptimisticMessage[];
  connection: ConnectionStatus;
  /** True once the first page (or the socket's replay) has arrived. */
  loaded: boolean;
}

export function initialConversationViewState(conversationId: string): ConversationViewState {
  return {
    conversationId,
    info: null,
    infoSeq: -1,
    events: [],
    branch: [],
    branchPoints: new Set(),
    streaming: [],
    optimistic: [],
    connection: 'connecting',
    loaded: false,
  };
}

/** Highest held seq, -1 when nothing is held. The socket resumes after it. */
export function lastHeldSeq(state: ConversationViewState): number {
  return state.events.at(-1)?.seq ?? -1;
}

/** True while events before the first held one exist and are not loaded. */
export function hasOlderEvents(state: ConversationViewState): boolean {
  const first = state.events[0];
  return first !== undefined && first.seq > 0;
}

/**
 * The end of the active branch: the info's leaf (kept current by the folds), or before the info
 * arrived the leaf the newest held event left.
 */
export function currentLeaf(state: ConversationViewState): string | null {
  if (state.info) return state.info.leaf_event_id;
  const last = state.events.at(-1);
  return last ? leafAfter(last) : null;
}
