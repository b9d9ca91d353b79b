import type { ConversationInfo, Event } from '../api/wire-types';

/** Text the model is producing right now, shown until the durable events of the same item arrive. */
export interface StreamingItem {
  itemId: string;
  /** The last durable seq when the item started: it renders after that event. */
  anchorSeq: number;
  text: string;
  reasoning: string;
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
