import { describe, expect, it } from 'vitest';
import type { Event } from '../api/wire-types';
import { createConversationStore } from './create-conversation-store';
import {
  agentMessage,
  chain,
  conversationInfo,
  eventId,
  statusUpdate,
  userMessage,
} from './testing/event-builders';
import { transcriptRows } from './transcript-rows';

const seqs = (events: readonly Event[]) => events.map((event) => event.seq);

const before = chain([
  userMessage(0, 'first task'),
  agentMessage(1, 'first answer'),
  userMessage(2, 'abandoned question'),
  agentMessage(3, 'abandoned answer'),
  statusUpdate(4, 'finished'),
]);
/** After POST …/navigate to event 1 (status finished -> idle) and a new message. */
const after = chain([
  ...before,
  { navigate: eventId(1) },
  statusUpdate(5, 'idle'),
  userMessage(6, 'the new question'),
  statusUpdate(7, 'running'),
]);

function shownTexts(store: ReturnType<typeof createConversationStore>): string[] {
  const state = store.getState();
  return transcriptRows({
    events: state.branch,
    branchPoints: state.branchPoints,
    streaming: [],
    optimistic: [],
    status: state.info?.execution_status,
  }).map((row) =>
    row.type === 'message' ? (row.event.llm_message.content[0] as { text: string }).text : `[${row.type}]`,
  );
}

describe('the conversation store’s active branch', () => {
  it('drops the abandoned branch when live frames show a navigate and a new message', () => {
    const store = createConversationStore('c');
    store.getState().receiveSync(conversationInfo({ leaf_event_id: eventId(3), last_seq: 4 }), 4);
    store.getState().receiveEvents(before);
    expect(seqs(store.getState().branch)).toEqual([0, 1, 2, 3, 4]);
    store.getState().receiveEvents(after.slice(5));
    expect(seqs(store.getState().branch)).toEqual([0, 1, 4, 5, 6, 7]);
    expect(store.getState().info).toMatchObject({ leaf_event_id: eventId(6), execution_status: 'running' });
    expect(shownTexts(store)).toEqual(['first task', 'first answer', '[marker]', 'the new question']);
  });

  it('shows the active branch on a reload (the info names the leaf, the page holds every branch)', () => {
    const store = createConversationStore('c');
    store.getState().receiveEvents(after);
    store.getState().receiveInfo(conversationInfo({ leaf_event_id: eventId(6), last_seq: 7 }));
    expect(seqs(store.getState().branch)).toEqual([0, 1, 4, 5, 6, 7]);
    expect(store.getState().branchPoints).toEqual(new Set([eventId(1)]));
  });

  it('follows a navigate the info reports without any event (navigate while idle)', () => {
    const store = createConversationStore('c');
    store.getState().receiveEvents(before);
    store.getState().receiveInfo(conversationInfo({ leaf_event_id: eventId(3), last_seq: 4 }));
    store.getState().receiveInfo(conversationInfo({ leaf_event_id: eventId(1), last_seq: 4 }));
    expect(seqs(store.getState().branch)).toEqual([0, 1, 4]);
  });

  it('a state update does not move the leaf', () => {
    const store = createConversationStore('c');
    store.getState().receiveSync(conversationInfo({ last_seq: -1 }), -1);
    store.getState().receiveEvents(before);
    expect(store.getState().info?.leaf_event_id).toBe(eventId(3));
    expect(store.getState().info?.execution_status).toBe('finished');
  });

  it('keeps the same branch array when nothing on it changed (memoised rows stay)', () => {
    const store = createConversationStore('c');
    store.getState().receiveEvents(before);
    const branch = store.getState().branch;
    store.getState().setConnection('live');
    store.getState().receiveEvents(before);
    expect(store.getState().branch).toBe(branch);
  });
});
