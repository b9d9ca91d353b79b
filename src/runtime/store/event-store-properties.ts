import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Event } from '../events';
import {
  agentMessage,
  newConversation,
  stateUpdateEvent,
  testId,
  userMessage,
} from '../events/fixtures/event-builders';
import type { EventStore } from './event-store';
import { createInMemoryEventStore } from './in-memory-event-store';

/** One random step against a store. Targets are indices into the events appended so far (modulo). */
type Command =
  | { op: 'append'; parent: 'leaf' | 'root' | number; stateUpdate: boolean }
  | { op: 'navigate'; target: number | null }
  | { op: 'fork'; target: number | null };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('append' as const),
      parent: fc.oneof(fc.constant('leaf' as const), fc.constant('root' as const), fc.nat(50)),
      stateUpdate: fc.boolean(),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ op: fc.constant('navigate' as const), target: fc.option(fc.nat(50)) }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('fork' as const), target: fc.option(fc.nat(50)) }), weight: 1 },
);

/** Runs commands against a store; every conversation touched is checked after each step. */
async function run(store: EventStore, commands: readonly Command[], idBase: number): Promise<string[]> {
  let nextId = idBase;
  const main = testId(nextId++);
  await store.createConversation(newConversation(0, { id: main }));
  const conversations = [main];
  for (const command of commands) {
    const events = await store.readEvents(main);
    const pick = (index: number) => events[index % events.length]?.id;
    if (command.op === 'append') {
      const n = nextId++;
      const parent =
        command.parent === 'leaf'
          ? undefined
          : command.parent === 'root'
            ? null
            : (pick(command.parent) ?? null);
      const event = command.stateUpdate
        ? stateUpdateEvent(n, 'stats', { n })
        : n % 2
          ? userMessage(n, `m${n}`)
          : agentMessage(n, `m${n}`);
      const leafBefore = (await store.getConversation(main))?.leaf_event_id;
      const appended = await store.append(
        main,
        parent === undefined ? event : { ...event, parent_id: parent },
      );
      expect((await store.getConversation(main))?.leaf_event_id).toBe(
        command.stateUpdate ? leafBefore : appended.id,
      );
    } else if (command.op === 'navigate') {
      await store.setLeaf(main, command.target === null ? null : (pick(command.target) ?? null));
    } else {
      const from = command.target === null ? undefined : pick(command.target);
      const id = testId(nextId++);
      await store.fork(main, {
        id,
        title: 'fork',
        created_at: '2025-01-01T00:00:00Z',
        resetStats: true,
        ...(from ? { fromEventId: from } : {}),
      });
      conversations.push(id);
      const sourcePath =
        from === undefined ? await store.readEvents(main) : pathTo(await store.readEvents(main), from);
      expect((await store.readEvents(id)).map(({ seq: _seq, ...rest }) => rest)).toEqual(
        sourcePath.map(({ seq: _seq, ...rest }) => rest),
      );
    }
    for (const id of conversations) await checkTree(store, id);
  }
  return conversations;
}

function pathTo(events: readonly Event[], eventId: string): Event[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  const path: Event[] = [];
  for (
    let current = byId.get(eventId);
    current;
    current = current.parent_id ? byId.get(current.parent_id) : undefined
  ) {
    path.unshift(current);
  }
  return path;
}

async function checkTree(store: EventStore, conversationId: string): Promise<void> {
  const events = await store.readEvents(conversationId);
  const record = await store.getConversation(conversationId);
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
  expect(record?.last_seq).toBe(events.length - 1);
  const ids = new Set(events.map((event) => event.id));
  for (const event of events) if (event.parent_id !== undefined) expect(ids.has(event.parent_id)).toBe(true);
  const branch = await store.activeBranch(conversationId);
  expect(branch[0]?.parent_id).toBeUndefined();
  branch.forEach((event, index) => {
    if (index > 0) expect(event.parent_id).toBe(branch[index - 1]?.id);
  });
  expect(branch.at(-1)?.id ?? null).toBe(record?.leaf_event_id ?? null);
}

/**
 * The twin property as one vitest case: a real store and the in-memory twin, given the same random
 * appends, navigations and forks, hold the same logs, branches and rows. Run against each real store.
 */
export function itAgreesWithTheInMemoryTwin(
  name: string,
  open: () => Promise<EventStore>,
  numRuns = 40,
): void {
  it(`the ${name} store and its in-memory twin agree on every random history`, async () => {
    const real = await open();
    let idBase = 1;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(commandArbitrary, { maxLength: 30 }), async (commands) => {
          const memory = createInMemoryEventStore();
          const base = idBase;
          // Advanced first: a failing run must not leave its ids behind for the shrinking runs to collide with.
          idBase += 1000;
          const conversations = await run(real, commands, base);
          await run(memory, commands, base);
          for (const id of conversations) {
            expect(await real.readEvents(id)).toEqual(await memory.readEvents(id));
            expect(await real.activeBranch(id)).toEqual(await memory.activeBranch(id));
            const { updated_at: _a, ...realRecord } = (await real.getConversation(id)) ?? {};
            const { updated_at: _b, ...memoryRecord } = (await memory.getConversation(id)) ?? {};
            expect(realRecord).toEqual(memoryRecord);
          }
        }),
        { numRuns },
      );
    } finally {
      await real.close();
    }
  }, 120_000);
}

/** Random appends, navigations and forks keep the tree of `store` consistent. */
export async function checkRandomHistories(open: () => EventStore, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(commandArbitrary, { maxLength: 40 }), async (commands) => {
      await run(open(), commands, 1);
    }),
    { numRuns },
  );
}
