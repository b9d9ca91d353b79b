import type { StreamFrame } from '../api/wire-types';
import type { ConversationViewState, StreamingItem } from './conversation-view-state';
import { lastHeldSeq } from './conversation-view-state';

/**
 * One streaming slot per item_id. A delta for an item whose start was missed (the tab reconnected
 * mid-item) opens the slot so streaming keeps showing; an item already completed by its durable
 * events is never reopened. `item_retrying` marks the item as waiting for a retry until its first delta.
 */
export function applyStreamFrame(state: ConversationViewState, frame: StreamFrame): ConversationViewState {
  switch (frame.type) {
    case 'item_started':
      if (findItem(state, frame.item_id) || isCompleted(state, frame.item_id)) return state;
      return { ...state, streaming: [...state.streaming, emptyItem(frame.item_id, frame.anchor_seq)] };
    case 'delta': {
      if (isCompleted(state, frame.item_id)) return state;
      const existing = findItem(state, frame.item_id) ?? emptyItem(frame.item_id, lastHeldSeq(state));
      const { retry: _answered, ...current } = existing;
      const updated: StreamingItem =
        frame.kind === 'text'
          ? { ...current, text: current.text + frame.content }
          : { ...current, reasoning: current.reasoning + frame.content };
      return { ...state, streaming: replaceItem(state.streaming, updated) };
    }
    case 'item_retrying': {
      if (isCompleted(state, frame.item_id)) return state;
      const existing = findItem(state, frame.item_id) ?? emptyItem(frame.item_id, lastHeldSeq(state));
      const retry = {
        attempt: frame.attempt,
        delayMs: frame.delay_ms,
        code: frame.code,
        reason: frame.reason,
      };
      return { ...state, streaming: replaceItem(state.streaming, { ...existing, retry }) };
    }
    case 'item_aborted':
      return { ...state, streaming: state.streaming.filter((item) => item.itemId !== frame.item_id) };
  }
}

function emptyItem(itemId: string, anchorSeq: number): StreamingItem {
  return { itemId, anchorSeq, text: '', reasoning: '' };
}

function findItem(state: ConversationViewState, itemId: string): StreamingItem | undefined {
  return state.streaming.find((item) => item.itemId === itemId);
}

function replaceItem(items: readonly StreamingItem[], updated: StreamingItem): StreamingItem[] {
  const index = items.findIndex((item) => item.itemId === updated.itemId);
  if (index === -1) return [...items, updated];
  return items.map((item, position) => (position === index ? updated : item));
}

/** Scans from the end: the events of a streaming item are always among the newest. */
function isCompleted(state: ConversationViewState, itemId: string): boolean {
  for (let index = state.events.length - 1; index >= 0 && index >= state.events.length - 200; index--) {
    const event = state.events[index];
    if (event && 'llm_response_id' in event && event.llm_response_id === itemId) return true;
  }
  return false;
}
