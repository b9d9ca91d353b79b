import { describe, expect, it } from 'vitest';
import { applyStreamFrame } from './apply-stream-frame';
import { initialConversationViewState } from './conversation-view-state';

const empty = () => initialConversationViewState('11111111-1111-4111-8111-111111111111');
const retrying = {
  type: 'item_retrying',
  item_id: 'resp-2',
  attempt: 2,
  delay_ms: 4000,
  code: 'network',
  reason: 'Could not reach the model endpoint.',
} as const;

describe('applyStreamFrame item_retrying', () => {
  it('marks the item as waiting for a retry until its first delta', () => {
    let state = applyStreamFrame(empty(), { type: 'item_started', item_id: 'resp-2', anchor_seq: 0 });
    state = applyStreamFrame(state, retrying);
    expect(state.streaming).toEqual([
      {
        itemId: 'resp-2',
        anchorSeq: 0,
        text: '',
        reasoning: '',
        retry: { attempt: 2, delayMs: 4000, code: 'network', reason: 'Could not reach the model endpoint.' },
      },
    ]);
    state = applyStreamFrame(state, { type: 'delta', item_id: 'resp-2', kind: 'text', content: 'Hi' });
    expect(state.streaming[0]).toEqual({ itemId: 'resp-2', anchorSeq: 0, text: 'Hi', reasoning: '' });
  });

  it('opens the item when its start was missed (a tab that reconnected during the wait)', () => {
    const state = applyStreamFrame(empty(), retrying);
    expect(state.streaming[0]?.retry?.attempt).toBe(2);
  });
});
