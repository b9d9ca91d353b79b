import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
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
import { openSqliteEventStore } from './sqlite-event-store';

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
function run(store: EventStore, commands: readonly Command[], idBase: number): string[] {
  let nextId = idBase;
  const main = testId(nextId++);
  store.createConversation(newConversation(0, { id: main }));
  const conversations = [main];
  for (const command of commands) {
    const events = store.readEvents(main);
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
      const leafBefore = store.getConversation(main)?.leaf_event_id;
      const appended = store.append(main, parent === undefined ? event : { ...event, parent_id: parent });
      expect(store.getConversation(main)?.leaf_event_id).toBe(command.stateUpdate ? leafBefore : appended.id);
    } else if (command.op === 'navigate') {
      store.setLeaf(main, command.target === null ? null : (pick(command.target) ?? null));
    } else {
      const from = command.target === null ? undefined : pick(command.target);
      const id = testId(nextId++);
      store.fork(main, {
        id,
        title: 'fork',
        created_at: '2025-01-01T00:00:00Z',
        resetStats: true,
        ...(from ? { fromEventId: from } : {}),
      });
      conversations.push(id);
      const sourcePath = from === undefined ? store.readEvents(main) : pathTo(store.readEvents(main), from);
      expect(store.readEvents(id).map(({ seq: _seq, ...rest }) => rest)).toEqual(
        sourcePath.map(({ seq: _seq, ...rest }) => rest),
      );
    }
    for (const id of conversations) checkTree(store, id);
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

function checkTree(store: EventStore, conversationId: string): void {
  const events = store.readEvents(conversationId);
  const record = store.getConversation(conversationId);
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
  expect(record?.last_seq).toBe(events.length - 1);
  const ids = new Set(events.map((event) => event.id));
  for (const event of events) if (event.parent_id !== undefined) expect(ids.has(event.parent_id)).toBe(true);
  const branch = store.activeBranch(conversationId);
  expect(branch[0]?.parent_id).toBeUndefined();
  branch.forEach((event, index) => {
    if (index > 0) expect(event.parent_id).toBe(branch[index - 1]?.id);
  });
  expect(branch.at(-1)?.id ?? null).toBe(record?.leaf_event_id ?? null);
}

const directory = mkdtempSync(join(tmpdir(), 'store-properties-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('event store tree properties', () => {
  it('random appends, navigations and forks keep the tree consistent in memory', () => {
    fc.assert(
      fc.property(fc.array(commandArbitrary, { maxLength: 40 }), (commands) => {
        run(createInMemoryEventStore(), commands, 1);
      }),
      { numRuns: 150 },
    );
  });

  it('the SQLite store and its in-memory twin agree on every random history', () => {
    const sqlite = openSqliteEventStore(join(directory, 'twin.db'));
    let idBase = 1;
    fc.assert(
      fc.property(fc.array(commandArbitrary, { maxLength: 30 }), (commands) => {
        const memory = createInMemoryEventStore();
        const base = idBase;
        // Advanced first: a failing run must not leave its ids behind for the shrinking runs to collide with.
        idBase += 1000;
        const conversations = run(sqlite, commands, base);
        run(memory, commands, base);
        for (const id of conversations) {
          expect(sqlite.readEvents(id)).toEqual(memory.readEvents(id));
          expect(sqlite.activeBranch(id)).toEqual(memory.activeBranch(id));
          const { updated_at: _a, ...sqliteRecord } = sqlite.getConversation(id) ?? {};
          const { updated_at: _b, ...memoryRecord } = memory.getConversation(id) ?? {};
          expect(sqliteRecord).toEqual(memoryRecord);
        }
      }),
      { numRuns: 40 },
    );
    sqlite.close();
  });
});
