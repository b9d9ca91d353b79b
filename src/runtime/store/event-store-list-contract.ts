import { beforeEach, describe, expect, it } from 'vitest';
import {
  agentMessage,
  newConversation,
  testId,
  testTime,
  userMessage,
} from '../events/fixtures/event-builders';
import type { ContractContext } from './contract-context';
import { expectStoreError } from './expect-store-error';
import type { ConversationListItem, ConversationQuery, ConversationSort } from './event-store';

/** Collects every page of a listing. */
export async function listAll(
  context: ContractContext,
  query: Omit<ConversationQuery, 'page_id'>,
): Promise<ConversationListItem[]> {
  const items: ConversationListItem[] = [];
  let pageId: string | null = null;
  do {
    const page = await context.store.listConversations(
      pageId === null ? query : { ...query, page_id: pageId },
    );
    items.push(...page.items);
    pageId = page.next_page_id;
  } while (pageId !== null);
  return items;
}

/** The list and search part of the EventStore contract (see describeEventStoreContract). */
export function describeConversationListContract(context: ContractContext): void {
  describeConversationList(context);
  describeConversationSearch(context);
  describeSearchOverManyHits(context);
  describeSandboxFilter(context);
}

/** Listing: sorts, paging, filters, the kept fields of a conversation. */
function describeConversationList(context: ContractContext): void {
  describe('conversation list', () => {
    async function seed(count: number): Promise<void> {
      for (let n = 1; n <= count; n += 1) {
        // created in order n, but updated in reverse order so the two sorts disagree
        await context.store.createConversation(
          newConversation(n, { updated_at: new Date(Date.UTC(2025, 2, 1) - n * 60_000).toISOString() }),
        );
      }
    }

    it('pages through every conversation in each sort, no row twice, none missing', async () => {
      await seed(23);
      const ids = (items: ConversationListItem[]) => items.map((item) => item.id);
      const created = Array.from({ length: 23 }, (_, index) => testId(index + 1));
      const expected: Record<ConversationSort, string[]> = {
        CREATED_AT: created,
        CREATED_AT_DESC: [...created].reverse(),
        UPDATED_AT: [...created].reverse(),
        UPDATED_AT_DESC: created,
      };
      for (const [sort, order] of Object.entries(expected) as [ConversationSort, string[]][]) {
        expect(ids(await listAll(context, { sort, limit: 5 }))).toEqual(order);
      }
      expect(ids(await listAll(context, { limit: 5 }))).toEqual(expected.UPDATED_AT_DESC);
    });

    it('lists every distinct workspace folder once, and forgets one whose conversations are deleted', async () => {
      await context.store.createConversation(newConversation(1, { workspace_dir: '/work/a' }));
      await context.store.createConversation(newConversation(2, { workspace_dir: '/work/b' }));
      await context.store.createConversation(newConversation(3, { workspace_dir: '/work/a' }));
      expect((await context.store.workspaceDirs()).sort()).toEqual(['/work/a', '/work/b']);
      await context.store.deleteConversation(testId(2));
      expect(await context.store.workspaceDirs()).toEqual(['/work/a']);
    });

    it('keeps paging exact while new conversations are created between pages', async () => {
      await seed(12);
      const seen: string[] = [];
      let page = await context.store.listConversations({ limit: 4 });
      let extra = 500;
      for (;;) {
        seen.push(...page.items.map((item) => item.id));
        if (page.next_page_id === null) break;
        extra += 1;
        context.setNow(new Date(Date.UTC(2025, 5, 1) + extra * 1000).toISOString());
        await context.store.createConversation(
          newConversation(extra, { updated_at: '2025-09-01T00:00:00.000Z' }),
        );
        page = await context.store.listConversations({ limit: 4, page_id: page.next_page_id });
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (let n = 1; n <= 12; n += 1) expect(seen).toContain(testId(n));
    });

    it('filters by status and by pinned', async () => {
      await seed(4);
      await context.store.updateConversation(
        testId(2),
        { execution_status: 'error', pinned: true },
        { touch: false },
      );
      await context.store.updateConversation(testId(3), { pinned: true }, { touch: false });
      const ids = async (query: Omit<ConversationQuery, 'limit'>) =>
        (await listAll(context, { ...query, limit: 10 })).map((item) => item.id);
      expect(await ids({ status: 'error' })).toEqual([testId(2)]);
      expect(await ids({ pinned: true })).toEqual([testId(2), testId(3)]);
      expect(await ids({})).toEqual([testId(1), testId(2), testId(3), testId(4)]);
      expect(await ids({ pinned: false, status: 'idle' })).toEqual([testId(1), testId(4)]);
    });

    it('filters by tags (every tag given must be carried), in lists, searches and counts', async () => {
      await seed(4);
      await context.store.updateConversation(testId(1), { tags: ['env:prod', 'team'] }, { touch: false });
      await context.store.updateConversation(testId(2), { tags: ['env:prod'] }, { touch: false });
      await context.store.updateConversation(testId(3), { tags: ['env:production'] }, { touch: false });
      const ids = async (query: Omit<ConversationQuery, 'limit'>) =>
        (await listAll(context, { ...query, limit: 10 })).map((item) => item.id);
      expect(await ids({ tags: ['env:prod'] })).toEqual([testId(1), testId(2)]);
      expect(await ids({ tags: ['env:prod', 'team'] })).toEqual([testId(1)]);
      expect(await ids({ tags: ['missing'] })).toEqual([]);
      expect(await ids({ tags: [] })).toHaveLength(4);
      expect((await ids({ q: 'conversation', tags: ['env:prod'] })).sort()).toEqual([testId(1), testId(2)]);
      expect(await context.store.countConversations({ tags: ['env:prod'] })).toBe(2);
      expect(await context.store.countConversations({ tags: ['env:prod'], status: 'error' })).toBe(0);
      expect(await context.store.countConversations({})).toBe(4);
    });

    it("keeps a sub-agent's parent link and filters by it, in lists, searches and counts; a fork is top-level", async () => {
      await seed(2);
      const link = (n: number, depth: number) => ({
        conversation_id: testId(n),
        action_id: testId(900 + n),
        depth,
      });
      await context.store.createConversation(newConversation(3, { parent: link(1, 1) }));
      await context.store.createConversation(newConversation(4, { parent: link(3, 2) }));
      const ids = async (query: Omit<ConversationQuery, 'limit'>) =>
        (await listAll(context, { ...query, limit: 10, sort: 'CREATED_AT' })).map((item) => item.id);
      expect((await context.store.getConversation(testId(4)))?.parent).toEqual(link(3, 2));
      expect(await ids({ parent: null })).toEqual([testId(1), testId(2)]);
      expect(await ids({ parent: testId(1) })).toEqual([testId(3)]);
      expect(await ids({ parent: testId(3) })).toEqual([testId(4)]);
      expect(await ids({})).toHaveLength(4);
      expect((await ids({ q: 'conversation', parent: null })).sort()).toEqual([testId(1), testId(2)]);
      expect(await context.store.countConversations({ parent: null })).toBe(2);
      expect(await context.store.countConversations({ parent: testId(1) })).toBe(1);
      const fork = await context.store.fork(testId(3), {
        id: testId(5),
        title: 'fork',
        created_at: testTime(5),
        resetStats: true,
      });
      expect(fork.parent).toBeUndefined();
    });

    it('keeps a chosen tool set, absent when none was chosen, and a fork copies it', async () => {
      await context.store.createConversation(newConversation(1, { tools: ['terminal'] }));
      await context.store.createConversation(newConversation(2));
      expect((await context.store.getConversation(testId(1)))?.tools).toEqual(['terminal']);
      expect((await context.store.getConversation(testId(2)))?.tools).toBeUndefined();
      await context.store.updateConversation(testId(1), { title: 'renamed' }, { touch: false });
      expect((await context.store.getConversation(testId(1)))?.tools).toEqual(['terminal']);
      const fork = await context.store.fork(testId(1), {
        id: testId(3),
        title: 'fork',
        created_at: '2025-06-01T00:00:00.000Z',
        resetStats: true,
      });
      expect(fork.tools).toEqual(['terminal']);
    });

    it('refuses a page id it did not issue', async () => {
      await seed(2);
      await expectStoreError(
        () => context.store.listConversations({ limit: 1, page_id: 'not-a-cursor' }),
        'invalid_page_id',
      );
    });
  });
}

/** Full-text search over titles and messages. */
function describeConversationSearch(context: ContractContext): void {
  describe('conversation search', () => {
    beforeEach(async () => {
      await context.store.createConversation(newConversation(1, { title: 'Deploy script for staging' }));
      await context.store.createConversation(newConversation(2, { title: 'Parser work' }));
      await context.store.createConversation(newConversation(3, { title: 'Lunch ideas' }));
      await context.store.appendMany(testId(2), [
        userMessage(11, 'Fix the tokenizer first.'),
        agentMessage(12, 'I will deploy after the parser tests pass.'),
      ]);
      await context.store.appendMany(testId(3), [userMessage(21, 'Nothing about work here, only soup.')]);
    });

    const search = async (q: string, extra: Partial<ConversationQuery> = {}) =>
      (await context.store.listConversations({ q, limit: 10, ...extra })).items;

    it('ranks a title hit above a message hit and points a message hit at its event', async () => {
      const items = await search('deploy');
      expect(items.map((item) => item.id)).toEqual([testId(1), testId(2)]);
      expect(items[0]?.match).toMatchObject({ event_id: null, seq: null });
      expect(items[0]?.match?.snippet).toContain('«Deploy»');
      expect(items[1]?.match).toMatchObject({ event_id: testId(12), seq: 1 });
      expect(items[1]?.match?.snippet).toContain('«deploy»');
    });

    it('requires every word to occur in one title or one message', async () => {
      expect((await search('parser tests')).map((item) => item.id)).toEqual([testId(2)]);
      expect(await search('soup parser')).toEqual([]);
      expect((await search('SOUP')).map((item) => item.id)).toEqual([testId(3)]);
    });

    it('searches FTS syntax characters as plain text, never as operators', async () => {
      for (const q of [
        '"',
        '"deploy',
        'deploy*',
        'NEAR(deploy',
        '-deploy',
        'deploy OR',
        'AND',
        '(',
        '^',
        ':',
      ]) {
        await expect(search(q)).resolves.toBeDefined();
      }
      expect((await search('NEAR(deploy')).map((item) => item.id)).toEqual([]);
      expect((await search('"deploy')).map((item) => item.id)).toEqual([testId(1), testId(2)]);
      expect((await search('-deploy')).map((item) => item.id)).toEqual([testId(1), testId(2)]);
      expect(await search('*')).toEqual([]);
    });

    it('applies the status filter to search and pages through hits', async () => {
      await context.store.updateConversation(testId(2), { execution_status: 'finished' });
      expect((await search('deploy', { status: 'finished' })).map((item) => item.id)).toEqual([testId(2)]);
      const first = await context.store.listConversations({ q: 'deploy', limit: 1 });
      expect(first.items.map((item) => item.id)).toEqual([testId(1)]);
      const second = await context.store.listConversations({
        q: 'deploy',
        limit: 1,
        page_id: first.next_page_id ?? '',
      });
      expect(second.items.map((item) => item.id)).toEqual([testId(2)]);
      expect(second.next_page_id).toBeNull();
    });

    it('follows renames and deletes, and finds the same after a rebuild', async () => {
      await context.store.updateConversation(testId(3), { title: 'Soup recipes' });
      expect(await search('lunch')).toEqual([]);
      expect((await search('recipes')).map((item) => item.id)).toEqual([testId(3)]);
      await context.store.deleteConversation(testId(2));
      expect(await search('tokenizer')).toEqual([]);
      expect(await context.store.rebuildSearchIndex()).toBe(2 + 1);
      expect((await search('recipes')).map((item) => item.id)).toEqual([testId(3)]);
      expect((await search('deploy')).map((item) => item.id)).toEqual([testId(1)]);
    });
  });
}

/** Search when many messages of many conversations match. */
function describeSearchOverManyHits(context: ContractContext): void {
  describe('search over many hits', () => {
    it('pages through conversations whose many messages all match, each once, best first', async () => {
      for (let conversation = 1; conversation <= 7; conversation += 1) {
        await context.store.createConversation(
          newConversation(conversation, { title: `Batch ${conversation}` }),
        );
        const messages = Array.from({ length: 60 }, (_, index) =>
          userMessage(conversation * 1000 + index, `${'release '.repeat(conversation)}notes part ${index}`),
        );
        await context.store.appendMany(testId(conversation), messages);
      }
      await context.store.updateConversation(testId(3), { execution_status: 'error' });
      const ids = (await listAll(context, { q: 'release', limit: 2 })).map((item) => item.id);
      expect(ids).toHaveLength(7);
      expect(new Set(ids).size).toBe(7);
      // More occurrences of the word rank higher in both stores.
      expect(ids[0]).toBe(testId(7));
      expect(
        (await listAll(context, { q: 'release', limit: 2, status: 'error' })).map((item) => item.id),
      ).toEqual([testId(3)]);
    });
  });
}

function describeSandboxFilter(context: ContractContext): void {
  describe('the sandbox filter', () => {
    it('filters by sandbox, a record without one counting as bubblewrap', async () => {
      const docker = { kind: 'docker' as const, image: 'agent-workbench-sandbox:1' };
      await context.store.createConversation(newConversation(1, { sandbox: docker }));
      await context.store.createConversation(newConversation(2, { sandbox: { kind: 'bubblewrap' } }));
      await context.store.createConversation(newConversation(3));
      expect(await context.store.countConversations({ sandbox: 'docker' })).toBe(1);
      expect(await context.store.countConversations({ sandbox: 'bubblewrap' })).toBe(2);
      const ids = async (query: Omit<ConversationQuery, 'limit'>) =>
        (await listAll(context, { ...query, limit: 10, sort: 'CREATED_AT' })).map((item) => item.id);
      expect(await ids({ sandbox: 'docker' })).toEqual([testId(1)]);
      expect((await ids({ q: 'conversation', sandbox: 'bubblewrap' })).sort()).toEqual([
        testId(2),
        testId(3),
      ]);
      await context.store.deleteConversation(testId(1));
      expect(await context.store.countConversations({ sandbox: 'docker' })).toBe(0);
    });
  });
}
