import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  actionEvent,
  agentMessage,
  newConversation,
  stateUpdateEvent,
  testId,
  userMessage,
} from '../events/fixtures/event-builders';
import type { EventStore } from './event-store';
import { expectStoreError } from './expect-store-error';
import { describeConversationListContract } from './event-store-list-contract';
import { describeEventReadsContract, describeForkContract } from './event-store-reads-contract';

/** Builds a fresh, empty store stamping `updated_at` with the given clock. */
export type EventStoreFactory = (clock: () => Date) => EventStore;

export interface ContractContext {
  store: EventStore;
  /** Sets what the store's clock answers from now on. */
  setNow(iso: string): void;
}

/**
 * The behaviour every EventStore must have, as one vitest suite: run it against each implementation
 * (in-memory-event-store.test.ts, sqlite-event-store.test.ts) so the twins cannot drift apart.
 */
export function describeEventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`${name}: EventStore contract`, () => {
    const context = {} as ContractContext;
    let now = '2025-06-01T00:00:00.000Z';
    beforeEach(() => {
      now = '2025-06-01T00:00:00.000Z';
      context.store = factory(() => new Date(now));
      context.setNow = (iso) => {
        now = iso;
      };
    });
    afterEach(() => context.store.close());

    describeConversationRows(context);
    describeAppendAndTree(context);
    describeEventReadsContract(context);
    describeForkContract(context);
    describeConversationListContract(context);
  });
}

const C = testId(1000);

function describeConversationRows(context: ContractContext): void {
  describe('conversation rows', () => {
    it('creates a conversation with an empty log and reads it back', () => {
      const created = context.store.createConversation(newConversation(1000, { tags: ['demo'] }));
      expect(created).toMatchObject({
        id: C,
        leaf_event_id: null,
        last_seq: -1,
        updated_at: created.created_at,
      });
      expect(context.store.getConversation(C)).toEqual(created);
      expect(context.store.getConversation(testId(1))).toBeUndefined();
    });

    it('refuses a second conversation with the same id', () => {
      context.store.createConversation(newConversation(1000));
      expectStoreError(() => context.store.createConversation(newConversation(1000)), 'conversation_exists');
    });

    it('returns copies that callers may mutate freely', () => {
      const created = context.store.createConversation(newConversation(1000, { tags: ['a'] }));
      created.tags.push('mutated');
      created.title = 'mutated';
      const event = context.store.append(C, userMessage(1, 'hello'));
      (event as { id: string }).id = 'mutated';
      expect(context.store.getConversation(C)?.tags).toEqual(['a']);
      expect(context.store.getConversation(C)?.title).toBe('Conversation 1000');
      expect(context.store.readEvents(C)[0]?.id).toBe(testId(1));
    });

    it('patches state and meta, bumping updated_at unless touch is false', () => {
      context.store.createConversation(newConversation(1000));
      context.setNow('2025-06-02T00:00:00.000Z');
      const patched = context.store.updateConversation(C, {
        title: 'Fix the parser',
        title_source: 'user',
        execution_status: 'running',
        stats: { prompt_tokens: 10, completion_tokens: 5, cost: 0.01 },
        pinned: true,
      });
      expect(patched).toMatchObject({ title: 'Fix the parser', execution_status: 'running', pinned: true });
      expect(patched.updated_at).toBe('2025-06-02T00:00:00.000Z');
      context.setNow('2025-06-03T00:00:00.000Z');
      const quiet = context.store.updateConversation(C, { execution_status: 'idle' }, { touch: false });
      expect(quiet.updated_at).toBe('2025-06-02T00:00:00.000Z');
      expect(context.store.getConversation(C)).toEqual(quiet);
      expectStoreError(
        () => context.store.updateConversation(testId(1), { pinned: true }),
        'unknown_conversation',
      );
    });

    it('deletes a conversation with its events, and says false for an unknown id', () => {
      context.store.createConversation(newConversation(1000));
      context.store.append(C, userMessage(1, 'hello'));
      expect(context.store.deleteConversation(C)).toBe(true);
      expect(context.store.getConversation(C)).toBeUndefined();
      expect(context.store.getEvent(C, testId(1))).toBeUndefined();
      expect(context.store.deleteConversation(C)).toBe(false);
      // The id is free again and its log starts empty.
      context.store.createConversation(newConversation(1000));
      expect(context.store.readEvents(C)).toEqual([]);
    });

    it("keeps a conversation's MCP config until it is replaced, cleared or deleted with it", () => {
      const other = testId(1001);
      context.store.createConversation(newConversation(1000));
      context.store.createConversation({ ...newConversation(1000), id: other });
      context.store.saveMCPConfig(C, '{"a":1}');
      context.store.saveMCPConfig(C, '{"a":2}');
      context.store.saveMCPConfig(other, '{"b":1}');
      expect(context.store.listMCPConfigs()).toEqual([
        { conversation_id: C, config: '{"a":2}' },
        { conversation_id: other, config: '{"b":1}' },
      ]);
      context.store.saveMCPConfig(other, null);
      context.store.deleteConversation(C);
      expect(context.store.listMCPConfigs()).toEqual([]);
      expectStoreError(() => context.store.saveMCPConfig(C, '{}'), 'unknown_conversation');
    });

    it('counts conversations, optionally by status', () => {
      context.store.createConversation(newConversation(1));
      context.store.createConversation(newConversation(2, { execution_status: 'finished' }));
      context.store.createConversation(newConversation(3, { execution_status: 'finished' }));
      expect(context.store.countConversations({})).toBe(3);
      expect(context.store.countConversations({ status: 'finished' })).toBe(2);
      expect(context.store.countConversations({ status: 'error' })).toBe(0);
    });
  });
}

function describeAppendAndTree(context: ContractContext): void {
  describe('append and the tree', () => {
    beforeEach(() => {
      context.store.createConversation(newConversation(1000));
    });

    it('chains three messages e0 <- e1 <- e2 with gap-free seqs and the leaf on e2 (scenario 36)', () => {
      const appended = [userMessage(1, 'one'), agentMessage(2, 'two'), userMessage(3, 'three')].map((event) =>
        context.store.append(C, event),
      );
      expect(appended.map((event) => event.seq)).toEqual([0, 1, 2]);
      expect(appended.map((event) => event.parent_id)).toEqual([undefined, testId(1), testId(2)]);
      expect('parent_id' in (appended[0] ?? {})).toBe(false);
      expect(context.store.getConversation(C)).toMatchObject({ leaf_event_id: testId(3), last_seq: 2 });
      expect(context.store.activeBranch(C).map((event) => event.id)).toEqual([
        testId(1),
        testId(2),
        testId(3),
      ]);
    });

    it('advances updated_at on append', () => {
      context.setNow('2025-07-01T00:00:00.000Z');
      context.store.append(C, userMessage(1, 'one'));
      expect(context.store.getConversation(C)?.updated_at).toBe('2025-07-01T00:00:00.000Z');
    });

    it('hangs a state update off the leaf without moving the leaf', () => {
      context.store.append(C, userMessage(1, 'one'));
      const update = context.store.append(C, stateUpdateEvent(2, 'execution_status', 'running'));
      expect(update.parent_id).toBe(testId(1));
      expect(context.store.getConversation(C)).toMatchObject({ leaf_event_id: testId(1), last_seq: 1 });
      const next = context.store.append(C, agentMessage(3, 'two'));
      expect(next.parent_id).toBe(testId(1));
      expect(context.store.activeBranch(C).map((event) => event.id)).toEqual([testId(1), testId(3)]);
    });

    it('after navigating to e0 the next event is its child and the old branch stays (scenario 37)', () => {
      for (const event of [userMessage(1, 'one'), agentMessage(2, 'two'), userMessage(3, 'three')]) {
        context.store.append(C, event);
      }
      const navigated = context.store.setLeaf(C, testId(1));
      expect(navigated.leaf_event_id).toBe(testId(1));
      const added = context.store.append(C, userMessage(4, 'instead'));
      expect(added).toMatchObject({ parent_id: testId(1), seq: 3 });
      expect(context.store.readEvents(C)).toHaveLength(4);
      expect(context.store.activeBranch(C).map((event) => event.id)).toEqual([testId(1), testId(4)]);
    });

    it('after navigating to null the branch is empty and the next event is a root (scenario 38)', () => {
      context.store.append(C, userMessage(1, 'one'));
      expect(context.store.setLeaf(C, null).leaf_event_id).toBeNull();
      expect(context.store.activeBranch(C)).toEqual([]);
      const root = context.store.append(C, userMessage(2, 'fresh start'));
      expect(root.parent_id).toBeUndefined();
      expect(context.store.activeBranch(C).map((event) => event.id)).toEqual([testId(2)]);
    });

    it('honours an explicit parent, and an explicit null as a new root', () => {
      context.store.append(C, userMessage(1, 'one'));
      context.store.append(C, agentMessage(2, 'two'));
      expect(context.store.append(C, userMessage(3, 'side', { parent_id: testId(1) })).parent_id).toBe(
        testId(1),
      );
      expect(context.store.append(C, userMessage(4, 'root', { parent_id: null })).parent_id).toBeUndefined();
      expect(context.store.getConversation(C)?.leaf_event_id).toBe(testId(4));
    });

    it('refuses a duplicate id or an unknown explicit parent and writes nothing (scenario 40)', () => {
      context.store.append(C, userMessage(1, 'one'));
      expectStoreError(() => context.store.append(C, agentMessage(1, 'again')), 'duplicate_event_id');
      expectStoreError(
        () => context.store.append(C, agentMessage(2, 'orphan', { parent_id: testId(99) })),
        'unknown_parent',
      );
      expect(context.store.readEvents(C).map((event) => event.id)).toEqual([testId(1)]);
      expect(context.store.getConversation(C)).toMatchObject({ last_seq: 0, leaf_event_id: testId(1) });
    });

    it('refuses an event the schema rejects', () => {
      const invalid = { ...userMessage(1, 'one'), surprise: true } as unknown as Parameters<
        EventStore['append']
      >[1];
      expectStoreError(() => context.store.append(C, invalid), 'invalid_event');
      expect(context.store.readEvents(C)).toEqual([]);
    });

    it('appends a client_message_id once and finds the event by it', () => {
      context.store.append(C, userMessage(1, 'one', { client_message_id: 'tab-1-msg-1' }));
      expectStoreError(
        () => context.store.append(C, userMessage(2, 'one', { client_message_id: 'tab-1-msg-1' })),
        'duplicate_client_message_id',
      );
      expect(context.store.findByClientMessageId(C, 'tab-1-msg-1')?.id).toBe(testId(1));
      expect(context.store.findByClientMessageId(C, 'other')).toBeUndefined();
    });

    it('appends several events in one all-or-nothing transaction', () => {
      const appended = context.store.appendMany(C, [
        userMessage(1, 'one'),
        actionEvent(2),
        agentMessage(3, 'done'),
      ]);
      expect(appended.map((event) => [event.seq, event.parent_id])).toEqual([
        [0, undefined],
        [1, testId(1)],
        [2, testId(2)],
      ]);
      expectStoreError(
        () => context.store.appendMany(C, [userMessage(4, 'fine'), userMessage(1, 'duplicate')]),
        'duplicate_event_id',
      );
      expect(context.store.getConversation(C)?.last_seq).toBe(2);
      expect(context.store.getEvent(C, testId(4))).toBeUndefined();
    });

    it('refuses appends to an unknown conversation and navigation to an unknown event', () => {
      expectStoreError(() => context.store.append(testId(1), userMessage(1, 'one')), 'unknown_conversation');
      expectStoreError(() => context.store.setLeaf(C, testId(5)), 'unknown_event');
    });
  });
}
