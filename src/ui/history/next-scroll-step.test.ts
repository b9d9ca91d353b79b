import { describe, expect, it } from 'vitest';
import type { Event, MessageEvent } from '../api/wire-types';
import { transcriptRows } from '../conversation-store/transcript-rows';
import { nextScrollStep } from './next-scroll-step';

function message(id: string, seq: number, text: string): MessageEvent {
  return {
    kind: 'MessageEvent',
    id,
    seq,
    timestamp: '2025-01-01T00:00:00Z',
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
    extended_content: [],
  };
}

const rowsOf = (events: Event[]) =>
  transcriptRows({ events, streaming: [], optimistic: [], status: 'finished' });

describe('nextScrollStep', () => {
  const rows = rowsOf([message('m1', 1, 'hello'), message('m2', 2, 'the phrase')]);

  it('scrolls to the row of the event once it is loaded', () => {
    expect(nextScrollStep(rows, 'm2', true)).toEqual({ kind: 'scroll', index: 1 });
  });

  it('pages older events in while the event is not loaded and older ones exist', () => {
    expect(nextScrollStep(rows, 'm0', true)).toEqual({ kind: 'load-older' });
  });

  it('gives up when the whole conversation is loaded without that event', () => {
    expect(nextScrollStep(rows, 'elsewhere', false)).toEqual({ kind: 'not-found' });
  });

  it('waits while nothing is loaded yet', () => {
    expect(nextScrollStep([], 'm2', false)).toEqual({ kind: 'wait' });
  });
});
