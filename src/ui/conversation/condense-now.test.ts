import { describe, expect, it } from 'vitest';
import type { Event } from '../api/wire-types';
import { condenseNowBlocked, condenseNowTitle } from './condense-now';

let seq = 0;
const base = (id: string) => ({ id, seq: seq++, timestamp: '2025-01-01T00:00:00.000Z' });
const user = (id: string): Event =>
  ({
    kind: 'MessageEvent',
    ...base(id),
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text: id }] },
    extended_content: [],
  }) as unknown as Event;
const agent = (id: string): Event =>
  ({
    kind: 'MessageEvent',
    ...base(id),
    source: 'agent',
    llm_message: { role: 'assistant', content: [{ type: 'text', text: id }] },
    extended_content: [],
  }) as unknown as Event;
const condensation = (id: string, forgotten: string[]): Event =>
  ({
    kind: 'Condensation',
    ...base(id),
    source: 'environment',
    forgotten_event_ids: forgotten,
    summary: 's',
  }) as unknown as Event;

describe('condenseNowBlocked', () => {
  it('blocks with a reason until the model has read something after the task', () => {
    expect(condenseNowBlocked([], 'idle')).toMatch(/Nothing to condense yet/);
    expect(condenseNowBlocked([user('task')], 'idle')).toMatch(/Nothing to condense yet/);
    expect(condenseNowBlocked([user('task'), agent('reply')], 'idle')).toBeNull();
    expect(condenseNowBlocked([user('task'), agent('reply')], undefined)).toMatch(/loading/);
  });

  it('after a condensation, only what came since counts', () => {
    const events = [user('task'), agent('reply'), condensation('c', ['reply'])];
    expect(condenseNowBlocked(events, 'idle')).toMatch(/Nothing new to condense/);
    expect(condenseNowBlocked([...events, user('more')], 'idle')).toBeNull();
  });

  it('says when it takes effect', () => {
    expect(condenseNowTitle('idle')).toMatch(/now/);
    expect(condenseNowTitle('running')).toMatch(/before the agent’s next step/);
  });
});
