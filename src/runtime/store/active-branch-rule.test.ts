import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { activeBranch, leafAfter, pathToLeaf } from '../../event-facts';
import {
  agentMessage,
  newConversation,
  stateUpdateEvent,
  testId,
  userMessage,
} from '../events/fixtures/event-builders';
import { openSqliteEventStore } from './sqlite-event-store';

/**
 * The store computes the active branch in SQL; the UI computes it from the events it holds with the
 * shared rule (src/event-facts). Both must name the same path after any history.
 */
type Step =
  | { op: 'append'; parent: 'leaf' | 'root' | number; stateUpdate: boolean }
  | { op: 'navigate'; target: number | null };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('append' as const),
      parent: fc.oneof(fc.constant('leaf' as const), fc.constant('root' as const), fc.nat(40)),
      stateUpdate: fc.boolean(),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({ op: fc.constant('navigate' as const), target: fc.option(fc.nat(40)) }),
    weight: 1,
  },
);

const directory = mkdtempSync(join(tmpdir(), 'active-branch-rule-'));
afterAll(async () => rmSync(directory, { recursive: true, force: true }));

describe('the active branch rule and the SQLite store agree', () => {
  it('on the path and on where the leaf moves, after random appends and navigations', async () => {
    const store = openSqliteEventStore(join(directory, 'rule.db'));
    let idBase = 1;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { maxLength: 30 }), async (steps) => {
        let nextId = idBase;
        idBase += 1000;
        const id = testId(nextId++);
        await store.createConversation(newConversation(0, { id }));
        for (const step of steps) {
          const held = await store.readEvents(id);
          const pick = (index: number) => held[index % held.length]?.id ?? null;
          if (step.op === 'navigate') {
            await store.setLeaf(id, step.target === null ? null : pick(step.target));
          } else {
            const n = nextId++;
            const event = step.stateUpdate
              ? stateUpdateEvent(n, 'stats', { n })
              : n % 2
                ? userMessage(n, `m${n}`)
                : agentMessage(n, `m${n}`);
            const parent =
              step.parent === 'leaf' ? undefined : step.parent === 'root' ? null : pick(step.parent);
            const appended = await store.append(
              id,
              parent === undefined ? event : { ...event, parent_id: parent },
            );
            // The runtime's own state updates always hang off the leaf; only those move it as leafAfter says.
            if (parent === undefined)
              expect((await store.getConversation(id))?.leaf_event_id).toBe(leafAfter(appended));
          }
          const events = await store.readEvents(id);
          const leaf = (await store.getConversation(id))?.leaf_event_id ?? null;
          const path = (await store.activeBranch(id)).map((event) => event.id);
          expect(pathToLeaf(events, leaf).map((event) => event.id)).toEqual(path);
          const shown = activeBranch(events, leaf).branch;
          expect(
            shown.filter((event) => event.kind !== 'ConversationStateUpdateEvent').map((event) => event.id),
          ).toEqual(
            path.filter(
              (eventId) =>
                events.find((event) => event.id === eventId)?.kind !== 'ConversationStateUpdateEvent',
            ),
          );
        }
      }),
      { numRuns: 60 },
    );
    await store.close();
  });
});
