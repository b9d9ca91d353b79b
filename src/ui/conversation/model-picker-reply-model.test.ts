import { describe, expect, it } from 'vitest';
import type { Event } from '../api/wire-types';
import { replyModelReader } from './model-picker-reply-model';

const update = (seq: number, model: string) =>
  ({
    kind: 'ConversationStateUpdateEvent',
    id: `00000000-0000-4000-8000-00000000000${seq}`,
    seq,
    timestamp: '2026-01-01T00:00:00Z',
    source: 'environment',
    key: 'llm',
    value: { provider: 'openai', model },
  }) as Event;

describe('replyModelReader', () => {
  it('reads each reply’s model from the last recorded change before it', () => {
    const read = replyModelReader([update(5, 'first'), update(6, 'second'), update(9, 'third')], 'third');
    expect([read(2), read(7), read(8), read(10)]).toEqual(['first', 'second', 'second', 'third']);
  });

  it('is the current model when the log records no change', () => {
    expect(replyModelReader([], 'mock-model')(3)).toBe('mock-model');
    expect(replyModelReader([], '')(3)).toBeUndefined();
  });
});
