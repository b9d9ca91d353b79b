import { describe, expect, it } from 'vitest';
import type { Event } from '../api/wire-types';
import { activeBranch, extendActiveBranch, leafAfter } from '../../event-facts';
import { agentMessage, chain, eventId, statusUpdate, userMessage } from './testing/event-builders';

const ids = (events: readonly Event[]) => events.map((event) => event.seq);

/** user 0 -> agent 1 -> user 2 -> agent 3, then navigate to 1 and a new user message 5 (reply 6). */
function navigatedLog(): Event[] {
  return chain([
    userMessage(0, 'first task'),
    agentMessage(1, 'first answer'),
    userMessage(2, 'abandoned question'),
    agentMessage(3, 'abandoned answer'),
    statusUpdate(4, 'finished'),
    { navigate: eventId(1) },
    userMessage(5, 'the new question'),
    statusUpdate(6, 'running'),
    agentMessage(7, 'the new answer'),
  ]);
}

describe('activeBranch', () => {
  it('keeps the path from the root to the leaf and leaves the abandoned branch out', () => {
    const { branch } = activeBranch(navigatedLog(), eventId(7));
    expect(ids(branch)).toEqual([0, 1, 4, 5, 6, 7]);
  });

  it('keeps every state update (the status is the conversation’s, whichever branch it hung off)', () => {
    const { branch } = activeBranch(navigatedLog(), eventId(7));
    expect(branch.filter((event) => event.kind === 'ConversationStateUpdateEvent').map((e) => e.seq)).toEqual(
      [4, 6],
    );
  });

  it('marks the event where an earlier branch continues', () => {
    expect([...activeBranch(navigatedLog(), eventId(7)).branchPoints]).toEqual([eventId(1)]);
    expect([...activeBranch(navigatedLog(), eventId(3)).branchPoints]).toEqual([eventId(1)]);
    const linear = chain([userMessage(0, 'a'), agentMessage(1, 'b')]);
    expect(activeBranch(linear, eventId(1)).branchPoints.size).toBe(0);
  });

  it('follows the leaf back to the abandoned branch when it is navigated there', () => {
    expect(ids(activeBranch(navigatedLog(), eventId(3)).branch)).toEqual([0, 1, 2, 3, 4, 6]);
  });

  it('is empty but for state updates when the leaf is null (navigated before the first message)', () => {
    expect(ids(activeBranch(navigatedLog(), null).branch)).toEqual([4, 6]);
  });

  it('stops at the edge of the held window when older events are not loaded yet', () => {
    const window = navigatedLog().filter((event) => event.seq >= 5);
    expect(ids(activeBranch(window, eventId(7)).branch)).toEqual([5, 6, 7]);
  });

  it('walks a 10,000-event chain whole (its time is a figure of npm run bench: hot-paths)', () => {
    const steps: Event[] = [];
    for (let n = 0; n < 10_000; n++) steps.push(n % 2 ? agentMessage(n, `a${n}`) : userMessage(n, `u${n}`));
    const branch = activeBranch(chain(steps), eventId(9_999)).branch;
    expect(ids(branch)).toEqual(steps.map((_, n) => n));
  });
});

describe('leafAfter', () => {
  it('is the event itself, or for a state update the leaf it hung off', () => {
    const [user, update] = chain([userMessage(0, 'a'), statusUpdate(1, 'running')]);
    expect(user && leafAfter(user)).toBe(eventId(0));
    expect(update && leafAfter(update)).toBe(eventId(0));
    expect(leafAfter(statusUpdate(2, 'idle'))).toBeNull();
  });
});

describe('extendActiveBranch', () => {
  it('appends events that continue the leaf without walking the whole log again', () => {
    const log = navigatedLog();
    const before = activeBranch(log.slice(0, 7), eventId(5));
    const extended = extendActiveBranch(before, eventId(5), log.slice(7), eventId(7));
    expect(extended && ids(extended.branch)).toEqual([0, 1, 4, 5, 6, 7]);
    expect(extended?.branchPoints).toBe(before.branchPoints);
  });

  it('gives up (undefined) when an event hangs off anything but the leaf', () => {
    const log = navigatedLog();
    const before = activeBranch(log.slice(0, 5), eventId(3));
    expect(extendActiveBranch(before, eventId(3), log.slice(5), eventId(7))).toBeUndefined();
  });
});
