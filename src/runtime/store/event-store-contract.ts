import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  actionEvent,
  agentMessage,
  newConversation,
  stateUpdateEvent,
  testId,
  userMessage,
} from '../events/fixtures/event-builders';
import { EMPTY_HOOK_CONFIG } from '../events/hook-config';
import type { EventStore } from './event-store';
import type { ContractContext } from './contract-context';
import { expectStoreError } from './expect-store-error';
import { describeConversationListContract } from './event-store-list-contract';
import { describeEventReadsContract, describeForkContract } from './event-store-reads-contract';

/** Builds a fresh, empty store stamping `updated_at` with the given clock. */
export type EventStoreFactory = (clock: () => Date) => EventStore | Promise<EventStore>;

/**
 * The behaviour every EventStore must have, as one vitest suite: run it against each implementation
 * (in-memory-event-store.test.ts, sqlite-event-store.test.ts) so the twins cannot drift apart.
 */
export function describeEventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`${name}: EventStore contract`, () => {
    const context = {} as ContractContext;
    let now = '2025-06-01T00:00:00.000Z';
    beforeEach(async () => {
      now = '2025-06-01T00:00:00.000Z';
      context.store = await factory(() => new Date(now));
      context.setNow = (iso) => {
        now = iso;
      };
    });
    afterEach(async () => await context.store.close());

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
    it('creates a conversation with an empty log and reads it back', async () => {
      const created = await context.store.createConversation(newConversation(1000, { tags: ['demo'] }));
      expect(created).toMatchObject({
        id: C,
        leaf_event_id: null,
        last_seq: -1,
        updated_at: created.created_at,
      });
      expect(await context.store.getConversation(C)).toEqual(created);
      expect(await context.store.getConversation(testId(1))).toBeUndefined();
    });

    it('refuses a second conversation with the same id', async () => {
      await context.store.createConversation(newConversation(1000));
      await expectStoreError(
        () => context.store.createConversation(newConversation(1000)),
        'conversation_exists',
      );
    });

    it('returns copies that callers may mutate freely', async () => {
      const created = await context.store.createConversation(newConversation(1000, { tags: ['a'] }));
      created.tags.push('mutated');
      created.title = 'mutated';
      const event = await context.store.append(C, userMessage(1, 'hello'));
      (event as { id: string }).id = 'mutated';
      expect((await context.store.getConversation(C))?.tags).toEqual(['a']);
      expect((await context.store.getConversation(C))?.title).toBe('Conversation 1000');
      expect((await context.store.readEvents(C))[0]?.id).toBe(testId(1));
    });

    it('patches state and meta, bumping updated_at unless touch is false', async () => {
      await context.store.createConversation(newConversation(1000));
      context.setNow('2025-06-02T00:00:00.000Z');
      const patched = await context.store.updateConversation(C, {
        title: 'Fix the parser',
        title_source: 'user',
        execution_status: 'running',
        stats: { prompt_tokens: 10, completion_tokens: 5, cost: 0.01 },
        pinned: true,
      });
      expect(patched).toMatchObject({ title: 'Fix the parser', execution_status: 'running', pinned: true });
      expect(patched.updated_at).toBe('2025-06-02T00:00:00.000Z');
      context.setNow('2025-06-03T00:00:00.000Z');
      const quiet = await context.store.updateConversation(C, { execution_status: 'idle' }, { touch: false });
      expect(quiet.updated_at).toBe('2025-06-02T00:00:00.000Z');
      expect(await context.store.getConversation(C)).toEqual(quiet);
      await expectStoreError(
        () => context.store.updateConversation(testId(1), { pinned: true }),
        'unknown_conversation',
      );
    });

    it("keeps a conversation's own hooks (hook_config) through a patch", async () => {
      const hookConfig = {
        ...EMPTY_HOOK_CONFIG,
        pre_tool_use: [
          { matcher: 'terminal', hooks: [{ type: 'command' as const, command: 'hooks/a.sh', timeout: 5 }] },
        ],
      };
      await context.store.createConversation({ ...newConversation(1000), hook_config: hookConfig });
      await context.store.updateConversation(C, { title: 'Hooked' });
      expect((await context.store.getConversation(C))?.hook_config).toEqual(hookConfig);
    });

    it("keeps a conversation's sandbox through a patch, and a fork inherits it", async () => {
      const sandbox = { kind: 'docker' as const, image: 'agent-workbench-sandbox:1' };
      await context.store.createConversation({ ...newConversation(1000), sandbox });
      await context.store.updateConversation(C, { title: 'Contained' });
      expect((await context.store.getConversation(C))?.sandbox).toEqual(sandbox);
      const fork = await context.store.fork(C, {
        id: testId(1001),
        title: 'Fork',
        created_at: '2025-06-02T00:00:00.000Z',
        resetStats: true,
      });
      expect(fork.sandbox).toEqual(sandbox);
      expect((await context.store.getConversation(testId(1001)))?.sandbox).toEqual(sandbox);
    });

    it('deletes a conversation with its events, and says false for an unknown id', async () => {
      await context.store.createConversation(newConversation(1000));
      await context.store.append(C, userMessage(1, 'hello'));
      expect(await context.store.deleteConversation(C)).toBe(true);
      expect(await context.store.getConversation(C)).toBeUndefined();
      expect(await context.store.getEvent(C, testId(1))).toBeUndefined();
      expect(await context.store.deleteConversation(C)).toBe(false);
      // The id is free again and its log starts empty.
      await context.store.createConversation(newConversation(1000));
      expect(await context.store.readEvents(C)).toEqual([]);
    });

    it("keeps a conversation's MCP config until it is replaced, cleared or deleted with it", async () => {
      const other = testId(1001);
      await context.store.createConversation(newConversation(1000));
      await context.store.createConversation({ ...newConversation(1000), id: other });
      await context.store.saveMCPConfig(C, '{"a":1}');
      await context.store.saveMCPConfig(C, '{"a":2}');
      await context.store.saveMCPConfig(other, '{"b":1}');
      expect(await context.store.listMCPConfigs()).toEqual([
        { conversation_id: C, config: '{"a":2}' },
        { conversation_id: other, config: '{"b":1}' },
      ]);
      await context.store.saveMCPConfig(other, null);
      await context.store.deleteConversation(C);
      expect(await context.store.listMCPConfigs()).toEqual([]);
      await expectStoreError(() => context.store.saveMCPConfig(C, '{}'), 'unknown_conversation');
    });

    it('counts conversations, optionally by status', async () => {
      await context.store.createConversation(newConversation(1));
      await context.store.createConversation(newConversation(2, { execution_status: 'finished' }));
      await context.store.createConversation(newConversation(3, { execution_status: 'finished' }));
      expect(await context.store.countConversations({})).toBe(3);
      expect(await context.store.countConversations({ status: 'finished' })).toBe(2);
      expect(await context.store.countConversations({ status: 'error' })).toBe(0);
    });
  });
}

function describeAppendAndTree(context: ContractContext): void {
  describe('append and the tree', () => {
    beforeEach(async () => {
      await context.store.createConversation(newConversation(1000));
    });

    it('chains three messages e0 <- e1 <- e2 with gap-free seqs and the leaf on e2 (scenario 36)', async () => {
      const appended = [];
      for (const event of [userMessage(1, 'one'), agentMessage(2, 'two'), userMessage(3, 'three')])
        appended.push(await context.store.append(C, event));
      expect(appended.map((event) => event.seq)).toEqual([0, 1, 2]);
      expect(appended.map((event) => event.parent_id)).toEqual([undefined, testId(1), testId(2)]);
      expect('parent_id' in (appended[0] ?? {})).toBe(false);
      expect(await context.store.getConversation(C)).toMatchObject({ leaf_event_id: testId(3), last_seq: 2 });
      expect((await context.store.activeBranch(C)).map((event) => event.id)).toEqual([
        testId(1),
        testId(2),
        testId(3),
      ]);
    });

    it('advances updated_at on append', async () => {
      context.setNow('2025-07-01T00:00:00.000Z');
      await context.store.append(C, userMessage(1, 'one'));
      expect((await context.store.getConversation(C))?.updated_at).toBe('2025-07-01T00:00:00.000Z');
    });

    it('hangs a state update off the leaf without moving the leaf', async () => {
      await context.store.append(C, userMessage(1, 'one'));
      const update = await context.store.append(C, stateUpdateEvent(2, 'execution_status', 'running'));
      expect(update.parent_id).toBe(testId(1));
      expect(await context.store.getConversation(C)).toMatchObject({ leaf_event_id: testId(1), last_seq: 1 });
      const next = await context.store.append(C, agentMessage(3, 'two'));
      expect(next.parent_id).toBe(testId(1));
      expect((await context.store.activeBranch(C)).map((event) => event.id)).toEqual([testId(1), testId(3)]);
    });

    it('after navigating to e0 the next event is its child and the old branch stays (scenario 37)', async () => {
      for (const event of [userMessage(1, 'one'), agentMessage(2, 'two'), userMessage(3, 'three')]) {
        await context.store.append(C, event);
      }
      const navigated = await context.store.setLeaf(C, testId(1));
      expect(navigated.leaf_event_id).toBe(testId(1));
      const added = await context.store.append(C, userMessage(4, 'instead'));
      expect(added).toMatchObject({ parent_id: testId(1), seq: 3 });
      expect(await context.store.readEvents(C)).toHaveLength(4);
      expect((await context.store.activeBranch(C)).map((event) => event.id)).toEqual([testId(1), testId(4)]);
    });

    it('after navigating to null the branch is empty and the next event is a root (scenario 38)', async () => {
      await context.store.append(C, userMessage(1, 'one'));
      expect((await context.store.setLeaf(C, null)).leaf_event_id).toBeNull();
      expect(await context.store.activeBranch(C)).toEqual([]);
      const root = await context.store.append(C, userMessage(2, 'fresh start'));
      expect(root.parent_id).toBeUndefined();
      expect((await context.store.activeBranch(C)).map((event) => event.id)).toEqual([testId(2)]);
    });

    it('honours an explicit parent, and an explicit null as a new root', async () => {
      await context.store.append(C, userMessage(1, 'one'));
      await context.store.append(C, agentMessage(2, 'two'));
      expect(
        (await context.store.append(C, userMessage(3, 'side', { parent_id: testId(1) }))).parent_id,
      ).toBe(testId(1));
      expect(
        (await context.store.append(C, userMessage(4, 'root', { parent_id: null }))).parent_id,
      ).toBeUndefined();
      expect((await context.store.getConversation(C))?.leaf_event_id).toBe(testId(4));
    });

    it('refuses a duplicate id or an unknown explicit parent and writes nothing (scenario 40)', async () => {
      await context.store.append(C, userMessage(1, 'one'));
      await expectStoreError(() => context.store.append(C, agentMessage(1, 'again')), 'duplicate_event_id');
      await expectStoreError(
        () => context.store.append(C, agentMessage(2, 'orphan', { parent_id: testId(99) })),
        'unknown_parent',
      );
      expect((await context.store.readEvents(C)).map((event) => event.id)).toEqual([testId(1)]);
      expect(await context.store.getConversation(C)).toMatchObject({ last_seq: 0, leaf_event_id: testId(1) });
    });

    it('refuses an event the schema rejects', async () => {
      const invalid = { ...userMessage(1, 'one'), surprise: true } as unknown as Parameters<
        EventStore['append']
      >[1];
      await expectStoreError(() => context.store.append(C, invalid), 'invalid_event');
      expect(await context.store.readEvents(C)).toEqual([]);
    });

    it('appends a client_message_id once and finds the event by it', async () => {
      await context.store.append(C, userMessage(1, 'one', { client_message_id: 'tab-1-msg-1' }));
      await expectStoreError(
        () => context.store.append(C, userMessage(2, 'one', { client_message_id: 'tab-1-msg-1' })),
        'duplicate_client_message_id',
      );
      expect((await context.store.findByClientMessageId(C, 'tab-1-msg-1'))?.id).toBe(testId(1));
      expect(await context.store.findByClientMessageId(C, 'other')).toBeUndefined();
    });

    it('appends several events in one all-or-nothing transaction', async () => {
      const appended = await context.store.appendMany(C, [
        userMessage(1, 'one'),
        actionEvent(2),
        agentMessage(3, 'done'),
      ]);
      expect(appended.map((event) => [event.seq, event.parent_id])).toEqual([
        [0, undefined],
        [1, testId(1)],
        [2, testId(2)],
      ]);
      await expectStoreError(
        () => context.store.appendMany(C, [userMessage(4, 'fine'), userMessage(1, 'duplicate')]),
        'duplicate_event_id',
      );
      expect((await context.store.getConversation(C))?.last_seq).toBe(2);
      expect(await context.store.getEvent(C, testId(4))).toBeUndefined();
    });

    it('refuses appends to an unknown conversation and navigation to an unknown event', async () => {
      await expectStoreError(
        () => context.store.append(testId(1), userMessage(1, 'one')),
        'unknown_conversation',
      );
      await expectStoreError(() => context.store.setLeaf(C, testId(5)), 'unknown_event');
    });
  });
}
