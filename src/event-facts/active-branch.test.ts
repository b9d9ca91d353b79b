import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeBranch, extendActiveBranch, leafAfter, pathToLeaf } from './active-branch';
import type { RuleEvent } from './rule-events';

interface TreeEvent extends RuleEvent {
  kind: 'MessageEvent' | 'ConversationStateUpdateEvent';
  parent_id?: string;
}

/** Each event hangs off an earlier one (or is a root): `parents[i]` picks which, modulo i + 1. */
function tree(parents: readonly number[], updates: readonly boolean[]): TreeEvent[] {
  const events: TreeEvent[] = [];
  parents.forEach((pick, index) => {
    const parent = index === 0 ? undefined : events[pick % (index + 1)]?.id;
    events.push({
      kind: updates[index] ? 'ConversationStateUpdateEvent' : 'MessageEvent',
      id: `e${index}`,
      ...(parent === undefined ? {} : { parent_id: parent }),
    });
  });
  return events;
}

/** The path read literally: follow parent links from the leaf by id, then reverse. */
function referencePath(events: readonly TreeEvent[], leaf: string | null): string[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  const path: string[] = [];
  for (let current = leaf === null ? undefined : byId.get(leaf); current; ) {
    path.unshift(current.id);
    current = current.parent_id === undefined ? undefined : byId.get(current.parent_id);
  }
  return path;
}

const treeArbitrary = fc
  .integer({ min: 1, max: 25 })
  .chain((size) =>
    fc.tuple(
      fc.array(fc.nat(30), { minLength: size, maxLength: size }),
      fc.array(fc.boolean(), { minLength: size, maxLength: size }),
      fc.option(fc.nat(size - 1)),
    ),
  )
  .map(([parents, updates, leafIndex]) => {
    const events = tree(parents, updates);
    return { events, leaf: leafIndex === null ? null : (events[leafIndex]?.id ?? null) };
  });

describe('the active branch', () => {
  it('is the root-to-leaf path by parent_id, plus every state update; branch points are where others leave it', () => {
    fc.assert(
      fc.property(treeArbitrary, ({ events, leaf }) => {
        const path = referencePath(events, leaf);
        expect(pathToLeaf(events, leaf).map((event) => event.id)).toEqual(path);
        const { branch, branchPoints } = activeBranch(events, leaf);
        expect(branch.map((event) => event.id)).toEqual(
          events
            .filter((event) => path.includes(event.id) || event.kind === 'ConversationStateUpdateEvent')
            .map((event) => event.id),
        );
        const leaving = events.filter(
          (event) =>
            !path.includes(event.id) &&
            event.kind !== 'ConversationStateUpdateEvent' &&
            event.parent_id !== undefined &&
            path.includes(event.parent_id),
        );
        expect([...branchPoints].sort()).toEqual(
          [...new Set(leaving.map((event) => event.parent_id))].sort(),
        );
      }),
    );
  });

  it('extended by events that continue the leaf, equals the branch walked again', () => {
    fc.assert(
      fc.property(treeArbitrary, fc.array(fc.boolean(), { maxLength: 5 }), ({ events, leaf }, updates) => {
        const appended: TreeEvent[] = [];
        let tip = leaf;
        updates.forEach((update, index) => {
          const event: TreeEvent = {
            kind: update ? 'ConversationStateUpdateEvent' : 'MessageEvent',
            id: `new${index}`,
            ...(tip === null ? {} : { parent_id: tip }),
          };
          appended.push(event);
          tip = leafAfter(event);
        });
        const extended = extendActiveBranch(activeBranch(events, leaf), leaf, appended, tip);
        expect(extended?.branch).toEqual(activeBranch([...events, ...appended], tip).branch);
      }),
    );
  });

  it('a state update leaves the leaf where it was', () => {
    expect(leafAfter({ kind: 'ConversationStateUpdateEvent', id: 'u', parent_id: 'm' })).toBe('m');
    expect(leafAfter({ kind: 'ConversationStateUpdateEvent', id: 'u' })).toBeNull();
    expect(leafAfter({ kind: 'MessageEvent', id: 'm', parent_id: 'x' })).toBe('m');
  });
});
