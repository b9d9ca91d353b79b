import { describe, expect, it } from 'vitest';
import { applyStreamFrame } from './apply-stream-frame';
import { applyInfo, applySync } from './apply-sync';
import { initialConversationViewState } from './conversation-view-state';
import { foldDurableEvents } from './fold-durable-events';
import { addOptimisticMessage, failOptimisticMessage } from './optimistic-messages';
import {
  agentMessage,
  conversationInfo,
  stateUpdate,
  statusUpdate,
  terminalAction,
  userMessage,
} from './testing/event-builders';

const empty = () => initialConversationViewState('11111111-1111-4111-8111-111111111111');

describe('foldDurableEvents', () => {
  it('applies status updates newer than the info and ignores replayed older ones', () => {
    let state = applySync(empty(), conversationInfo({ execution_status: 'running', last_seq: 3 }), 3);
    state = foldDurableEvents(state, [statusUpdate(2, 'idle'), statusUpdate(3, 'running')]);
    expect(state.info?.execution_status).toBe('running');
    state = foldDurableEvents(state, [statusUpdate(4, 'waiting_for_confirmation')]);
    expect(state.info?.execution_status).toBe('waiting_for_confirmation');
    expect(state.infoSeq).toBe(4);
  });

  it('folding the same frames twice gives the same state as folding them once', () => {
    const frames = [
      userMessage(0, 'hi'),
      statusUpdate(1, 'running'),
      agentMessage(2, 'hello'),
      statusUpdate(3, 'finished'),
    ];
    const start = applySync(empty(), conversationInfo({ last_seq: -1 }), -1);
    const once = foldDurableEvents(start, frames);
    const twice = foldDurableEvents(foldDurableEvents(start, frames), frames);
    expect(twice.events).toEqual(once.events);
    expect(twice.info).toEqual(once.info);
    expect(once.info?.execution_status).toBe('finished');
  });

  it('tracks stats and policy updates', () => {
    let state = applySync(empty(), conversationInfo(), -1);
    state = foldDurableEvents(state, [
      stateUpdate(0, 'stats', { prompt_tokens: 10, completion_tokens: 5, cost: 0.01 }),
      stateUpdate(1, 'confirmation_policy', { kind: 'AlwaysConfirm' }),
      stateUpdate(2, 'execution_status', 'not-a-status'),
    ]);
    expect(state.info?.stats).toEqual({ prompt_tokens: 10, completion_tokens: 5, cost: 0.01 });
    expect(state.info?.confirmation_policy).toEqual({ kind: 'AlwaysConfirm' });
    expect(state.info?.execution_status).toBe('idle');
  });

  it('replaces the streaming slot with the final message of the same item: never two bubbles', () => {
    let state = foldDurableEvents(empty(), [userMessage(0, 'hi')]);
    state = applyStreamFrame(state, { type: 'item_started', item_id: 'resp-1', anchor_seq: 0 });
    state = applyStreamFrame(state, { type: 'delta', item_id: 'resp-1', kind: 'text', content: 'Hel' });
    state = applyStreamFrame(state, { type: 'delta', item_id: 'resp-1', kind: 'text', content: 'lo' });
    expect(state.streaming).toEqual([{ itemId: 'resp-1', anchorSeq: 0, text: 'Hello', reasoning: '' }]);
    state = foldDurableEvents(state, [agentMessage(1, 'Hello', 'resp-1')]);
    expect(state.streaming).toEqual([]);
    // A late delta of the completed item does not reopen it.
    state = applyStreamFrame(state, { type: 'delta', item_id: 'resp-1', kind: 'text', content: '!' });
    expect(state.streaming).toEqual([]);
  });

  it('ends a streaming slot when the item turns into actions', () => {
    let state = applyStreamFrame(empty(), {
      type: 'delta',
      item_id: 'resp-7',
      kind: 'reasoning',
      content: 'hmm',
    });
    expect(state.streaming[0]?.reasoning).toBe('hmm');
    state = foldDurableEvents(state, [terminalAction(0, 'ls', { responseId: 'resp-7' })]);
    expect(state.streaming).toEqual([]);
  });

  it('drops an aborted item', () => {
    let state = applyStreamFrame(empty(), { type: 'item_started', item_id: 'r', anchor_seq: -1 });
    state = applyStreamFrame(state, { type: 'item_aborted', item_id: 'r', reason: 'interrupted' });
    expect(state.streaming).toEqual([]);
  });

  it('reconciles an optimistic message with its durable event by client_message_id', () => {
    let state = addOptimisticMessage(empty(), 'ui-1', 'run the tests');
    expect(state.optimistic).toHaveLength(1);
    state = foldDurableEvents(state, [userMessage(0, 'run the tests', 'ui-1')]);
    expect(state.optimistic).toEqual([]);
    expect(addOptimisticMessage(state, 'ui-1', 'run the tests').optimistic).toEqual([]);
  });

  it('keeps a refused message visible as failed', () => {
    const state = failOptimisticMessage(addOptimisticMessage(empty(), 'ui-2', 'x'), 'ui-2', 'runtime down');
    expect(state.optimistic).toEqual([
      { clientMessageId: 'ui-2', text: 'x', state: 'failed', error: 'runtime down' },
    ]);
  });
});

describe('applySync and applyInfo', () => {
  it('marks the connection live and drops streaming text from before the gap', () => {
    let state = applyStreamFrame(empty(), { type: 'delta', item_id: 'r', kind: 'text', content: 'partial' });
    state = { ...state, connection: 'reconnecting' };
    state = applySync(state, conversationInfo({ execution_status: 'running' }), 10);
    expect(state.connection).toBe('live');
    expect(state.streaming).toEqual([]);
    expect(state.infoSeq).toBe(10);
  });

  it('replays held state updates newer than a REST info that arrived late', () => {
    let state = foldDurableEvents(empty(), [
      userMessage(0, 'go'),
      statusUpdate(1, 'running'),
      statusUpdate(2, 'finished'),
    ]);
    state = applyInfo(state, conversationInfo({ execution_status: 'running', last_seq: 1 }));
    expect(state.info?.execution_status).toBe('finished');
  });

  it('ignores a REST info older than what the socket already told', () => {
    let state = applySync(empty(), conversationInfo({ execution_status: 'paused', last_seq: 5 }), 5);
    state = applyInfo(state, conversationInfo({ execution_status: 'running', last_seq: 4 }));
    expect(state.info?.execution_status).toBe('paused');
  });
});
