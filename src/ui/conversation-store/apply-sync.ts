import type { ConversationInfo } from '../api/wire-types';
import { leafAfter } from '../../event-facts';
import { applyStateUpdate } from './apply-state-update';
import type { ConversationViewState } from './conversation-view-state';

/**
 * The socket's first frame after (re)connecting: the conversation state as of `throughSeq`. Streaming
 * slots from before the gap are dropped, since their deltas may be incomplete; the runtime's next
 * frames reopen any item still in progress.
 */
export function applySync(
  state: ConversationViewState,
  info: ConversationInfo,
  throughSeq: number,
): ConversationViewState {
  return withInfo({ ...state, connection: 'live', streaming: [] }, info, throughSeq);
}

/** Conversation info fetched over REST (as of its last_seq); ignored when the state already knows newer. */
export function applyInfo(state: ConversationViewState, info: ConversationInfo): ConversationViewState {
  if (state.info && info.last_seq < state.infoSeq) return state;
  return withInfo(state, info, info.last_seq);
}

/** Takes `info` as of `asOfSeq`, then replays the held events newer than it (state updates, leaf). */
function withInfo(
  state: ConversationViewState,
  info: ConversationInfo,
  asOfSeq: number,
): ConversationViewState {
  let current = info;
  let infoSeq = asOfSeq;
  let leaf = info.leaf_event_id;
  for (const event of state.events) {
    if (event.seq <= asOfSeq) continue;
    if (event.kind === 'ConversationStateUpdateEvent') current = applyStateUpdate(current, event);
    leaf = leafAfter(event);
    infoSeq = event.seq;
  }
  if (leaf !== current.leaf_event_id) current = { ...current, leaf_event_id: leaf };
  return { ...state, info: current, infoSeq, loaded: true };
}
