import { describe, expect, it } from 'vitest';
import { hitHref } from './hit-href';

describe('hitHref', () => {
  it('opens a message hit at its event', () => {
    expect(hitHref({ id: 'c1', match: { event_id: 'e9', seq: 9, snippet: '«x»' } })).toBe(
      '/conversations/c1?event=e9',
    );
  });

  it('opens a title-only hit at the conversation itself', () => {
    expect(hitHref({ id: 'c1', match: { event_id: null, seq: null, snippet: 'title' } })).toBe(
      '/conversations/c1',
    );
    expect(hitHref({ id: 'c1' })).toBe('/conversations/c1');
  });
});
