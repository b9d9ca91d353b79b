import { describe, expect, it } from 'vitest';
import { mergeEventsBySeq } from './merge-events-by-seq';
import { agentMessage, userMessage } from './testing/event-builders';

const seqs = (events: readonly { seq: number }[]) => events.map((event) => event.seq);

describe('mergeEventsBySeq', () => {
  it('appends newer events and ignores ones already held, so a replay never shows twice', () => {
    const held = [userMessage(0, 'a'), agentMessage(1, 'b')];
    const merged = mergeEventsBySeq(held, [agentMessage(1, 'b'), agentMessage(2, 'c'), agentMessage(2, 'c')]);
    expect(seqs(merged)).toEqual([0, 1, 2]);
  });

  it('prepends an older page and sorts an out-of-order batch', () => {
    const held = [agentMessage(5, 'e'), agentMessage(6, 'f')];
    expect(
      seqs(mergeEventsBySeq(held, [agentMessage(4, 'd'), agentMessage(2, 'b'), agentMessage(3, 'c')])),
    ).toEqual([2, 3, 4, 5, 6]);
  });

  it('fills holes inside the held range', () => {
    const held = [agentMessage(1, 'a'), agentMessage(4, 'd')];
    expect(seqs(mergeEventsBySeq(held, [agentMessage(3, 'c'), agentMessage(2, 'b')]))).toEqual([1, 2, 3, 4]);
  });

  it('returns the held list itself when nothing is new, so memoised views stay valid', () => {
    const held = [agentMessage(1, 'a'), agentMessage(2, 'b')];
    expect(mergeEventsBySeq(held, [agentMessage(2, 'b')])).toBe(held);
    expect(mergeEventsBySeq(held, [])).toBe(held);
  });
});
