import { describe, expect, it } from 'vitest';
import { actionEvent } from '../events/fixtures/event-builders';
import { StoreError } from './event-store';
import { stampEvent } from './stamp-event';

const PARENT = '00000000-0000-4000-8000-0000000000aa';
const OTHER_PARENT = '00000000-0000-4000-8000-0000000000bb';

describe('stampEvent', () => {
  it('stamps the same object again at its own seq and parent, reading exactly as a fresh check does', () => {
    const event = actionEvent(3);
    const first = stampEvent(event, 3, PARENT);
    const again = stampEvent(event, 7, OTHER_PARENT);
    const fresh = stampEvent(structuredClone(event), 7, OTHER_PARENT);
    expect(again).not.toBe(first);
    expect(again.seq).toBe(7);
    expect(again.parent_id).toBe(OTHER_PARENT);
    // Same keys in the same order: the memory's copy and the store's compare equal as JSON.
    expect(JSON.stringify(again)).toBe(JSON.stringify(fresh));
    expect(first.seq).toBe(3);
    expect(first.parent_id).toBe(PARENT);
  });

  it('checks again when the same object becomes a root, and a root placed under a parent', () => {
    const event = actionEvent(4);
    const root = stampEvent(event, 0, null);
    expect('parent_id' in root).toBe(false);
    const placed = stampEvent(event, 1, PARENT);
    expect(JSON.stringify(placed)).toBe(JSON.stringify(stampEvent(structuredClone(event), 1, PARENT)));
    expect('parent_id' in stampEvent(event, 2, null)).toBe(false);
  });

  it('refuses a malformed event, every time it is asked', () => {
    const broken = { ...actionEvent(5), timestamp: 'yesterday' };
    expect(() => stampEvent(broken, 0, null)).toThrow(StoreError);
    expect(() => stampEvent(broken, 0, null)).toThrow(StoreError);
  });
});
