import type { Event } from '../api/wire-types';
import { leafAfter } from '../../event-facts';
import { applyStateUpdate } from './apply-state-update';
import type { ConversationViewState } from './conversation-view-state';
import { mergeEventsBySeq } from './merge-events-by-seq';

/**
 * Folds durable events (socket frames or REST pages, in any order, possibly repeated) into the state:
 * - each seq is held once;
 * - state updates newer than `infoSeq` are applied to `info` (older ones are already part of it), and
 *   so is the leaf each newer event leaves (a state update hangs off the leaf without moving it);
 * - a streaming slot ends when a durable event of the same item (llm_response_id) arrives;
 * - an optimistic message ends when its durable MessageEvent (same client_message_id) arrives.
 */
export function foldDurableEvents(
  state: ConversationViewState,
  incoming: readonly Event[],
): ConversationViewState {
  const events = mergeEventsBySeq(state.events, incoming);
  if (events === state.events) return state;

  const fresh = incoming.filter((event) => event.seq > state.infoSeq).sort((a, b) => a.seq - b.seq);
  let { info, infoSeq } = state;
  if (info) {
    let leaf = info.leaf_event_id;
    for (const event of fresh) {
      if (event.seq <= infoSeq) continue;
      if (event.kind === 'ConversationStateUpdateEvent') info = applyStateUpdate(info, event);
      leaf = leafAfter(event);
      infoSeq = event.seq;
    }
    const last = events.at(-1);
    if (last && last.seq > info.last_seq) info = { ...info, last_seq: last.seq };
    if (leaf !== info.leaf_event_id) info = { ...info, leaf_event_id: leaf };
  }

  const completedItems = new Set(incoming.map(responseIdOf).filter((id) => id !== undefined));
  const confirmedMessages = new Set(incoming.map(clientMessageIdOf).filter((id) => id !== undefined));
  return {
    ...state,
    info,
    infoSeq,
    events,
    loaded: true,
    streaming: completedItems.size
      ? state.streaming.filter((item) => !completedItems.has(item.itemId))
      : state.streaming,
    optimistic: confirmedMessages.size
      ? state.optimistic.filter((message) => !confirmedMessages.has(message.clientMessageId))
      : state.optimistic,
  };
}

function responseIdOf(event: Event): string | undefined {
  if (event.kind === 'MessageEvent' || event.kind === 'ActionEvent' || event.kind === 'Condensation') {
    return event.llm_response_id ?? undefined;
  }
  return undefined;
}

function clientMessageIdOf(event: Event): string | undefined {
  return event.kind === 'MessageEvent' ? (event.client_message_id ?? undefined) : undefined;
}
