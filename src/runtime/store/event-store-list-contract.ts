import { beforeEach, describe, expect, it } from 'vitest';
import { agentMessage, newConversation, testId, userMessage } from '../events/fixtures/event-builders';
import type { ContractContext } from './event-store-contract';
import { expectStoreError } from './expect-store-error';
import type { ConversationListItem, ConversationQuery, ConversationSort } from './event-store';

/** Collects every page of a listing. */
export function listAll(
  context: ContractContext,
  query: Omit<ConversationQuery, 'page_id'>,
): ConversationListItem[] {
  const items: ConversationListItem[] = [];
  let pageId: string | null = null;
  do {
    const page = context.store.listConversations(pageId === null ? query : { ...query, page_id: pageId });
    items.push(...page.items);
    pageId = page.next_page_id;
  } while (pageId !== null);
  return items;
}

/** The list and search part of the EventStore contract (see describeEventStoreContract). */
export function describeConversationListContract(context: ContractContext): void {
  describe('conversation list', () => {
    function seed(count: number): void {
      for (let n = 1; n <= count; n += 1) {
        // created in order n, but updated in reverse order so the two sorts disagree
        context.store.createConversation(
          newConversation(n, { updated_at: new Date(Date.UTC(2025, 2, 1) - n * 60_000).toISOString() }),
        );
      }
    }

    it('pages through every conversation in each sort, no row twice, none missing', () => {
      seed(23);
      const ids = (items: ConversationListItem[]) => items.map((item) => item.id);
      const created = Array.from({ length: 23 }, (_, index) => testId(index + 1));
      const expected: Record<ConversationSort, string[]> = {
        CREATED_AT: created,
        CREATED_AT_DESC: [...created].reverse(),
        UPDATED_AT: [...created].reverse(),
        UPDATED_AT_DESC: created,
      };
      for (const [sort, order] of Object.entries(expected) as [ConversationSort, string[]][]) {
        expect(ids(listAll(context, { sort, limit: 5 }))).toEqual(order);
      }
      expect(ids(listAll(context, { limit: 5 }))).toEqual(expected.UPDATED_AT_DESC);
    });

    it('keeps paging exact while new conversations are created between pages', () => {
      seed(12);
      const seen: string[] = [];
      let page = context.store.listConversations({ limit: 4 });
      let extra = 500;
      for (;;) {
        seen.push(...page.items.map((item) => item.id));
        if (page.next_page_id === null) break;
        extra += 1;
        context.setNow(new Date(Date.UTC(2025, 5, 1) + extra * 1000).toISOString());
        context.store.createConversation(newConversation(extra, { updated_at: '2025-09-01T00:00:00.000Z' }));
        page = context.store.listConversations({ limit: 4, page_id: page.next_page_id });
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (let n = 1; n <= 12; n += 1) expect(seen).toContain(testId(n));
    });

    it('filters by status and by pinned', () => {
      seed(4);
      context.store.updateConversation(
        testId(2),
        { execution_status: 'error', pinned: true },
        { touch: false },
      );
      context.store.updateConversation(testId(3), { pinned: true }, { touch: false });
      const ids = (query: Omit<ConversationQuery, 'limit'>) =>
        listAll(context, { ...query, limit: 10 }).map((item) => item.id);
      expect(ids({ status: 'error' })).toEqual([testId(2)]);
      expect(ids({ pinned: true })).toEqual([testId(2), testId(3)]);
      expect(ids({})).toEqual([testId(1), testId(2), testId(3), testId(4)]);
      expect(ids({ pinned: false, status: 'idle' })).toEqual([testId(1), testId(4)]);
    });

    it('filters by tags (every tag given must be carried), in lists, searches and counts', () => {
      seed(4);
      context.store.updateConversation(testId(1), { tags: ['env:prod', 'team'] }, { touch: false });
      context.store.updateConversation(testId(2), { tags: ['env:prod'] }, { touch: false });
      context.store.updateConversation(testId(3), { tags: ['env:production'] }, { touch: false });
      const ids = (query: Omit<ConversationQuery, 'limit'>) =>
        listAll(context, { ...query, limit: 10 }).map((item) => item.id);
      expect(ids({ tags: ['env:prod'] })).toEqual([testId(1), testId(2)]);
      expect(ids({ tags: ['env:prod', 'team'] })).toEqual([testId(1)]);
      expect(ids({ tags: ['missing'] })).toEqual([]);
      expect(ids({ tags: [] })).toHaveLength(4);
      expect(ids({ q: 'conversation', tags: ['env:prod'] }).sort()).toEqual([testId(1), testId(2)]);
      expect(context.store.countConversations({ tags: ['env:prod'] })).toBe(2);
      expect(context.store.countConversations({ tags: ['env:prod'], status: 'error' })).toBe(0);
      expect(context.store.countConversations({})).toBe(4);
    });

    it('keeps a chosen tool set, absent when none was chosen, and a fork copies it', () => {
      context.store.createConversation(newConversation(1, { tools: ['terminal'] }));
      context.store.createConversation(newConversation(2));
      expect(context.store.getConversation(testId(1))?.tools).toEqual(['terminal']);
      expect(context.store.getConversation(testId(2))?.tools).toBeUndefined();
      context.store.updateConversation(testId(1), { title: 'renamed' }, { touch: false });
      expect(context.store.getConversation(testId(1))?.tools).toEqual(['terminal']);
      const fork = context.store.fork(testId(1), {
        id: testId(3),
        title: 'fork',
        created_at: '2025-06-01T00:00:00.000Z',
        resetStats: true,
      });
      expect(fork.tools).toEqual(['terminal']);
    });

    it('refuses a page id it did not issue', () => {
      seed(2);
      expectStoreError(
        () => context.store.listConversations({ limit: 1, page_id: 'not-a-cursor' }),
        'invalid_page_id',
      );
    });
  });

  describe('conversation search', () => {
    beforeEach(() => {
      context.store.createConversation(newConversation(1, { title: 'Deploy script for staging' }));
      context.store.createConversation(newConversation(2, { title: 'Parser work' }));
      context.store.createConversation(newConversation(3, { title: 'Lunch ideas' }));
      context.store.appendMany(testId(2), [
        userMessage(11, 'Fix the tokenizer first.'),
        agentMessage(12, 'I will deploy after the parser tests pass.'),
      ]);
      context.store.appendMany(testId(3), [userMessage(21, 'Nothing about work here, only soup.')]);
    });

    const search = (q: string, extra: Partial<ConversationQuery> = {}) =>
      context.store.listConversations({ q, limit: 10, ...extra }).items;

    it('ranks a title hit above a message hit and points a message hit at its event', () => {
      const items = search('deploy');
      expect(items.map((item) => item.id)).toEqual([testId(1), testId(2)]);
      expect(items[0]?.match).toMatchObject({ event_id: null, seq: null });
      expect(items[0]?.match?.snippet).toContain('«Deploy»');
      expect(items[1]?.match).toMatchObject({ event_id: testId(12), seq: 1 });
      expect(items[1]?.match?.snippet).toContain('«deploy»');
    });

    it('requires every word to occur in one title or one message', () => {
      expect(search('parser tests').map((item) => item.id)).toEqual([testId(2)]);
      expect(search('soup parser')).toEqual([]);
      expect(search('SOUP').map((item) => item.id)).toEqual([testId(3)]);
    });

    it('searches FTS syntax characters as plain text, never as operators', () => {
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
        expect(() => search(q)).not.toThrow();
      }
      expect(search('NEAR(deploy').map((item) => item.id)).toEqual([]);
      expect(search('"deploy').map((item) => item.id)).toEqual([testId(1), testId(2)]);
      expect(search('-deploy').map((item) => item.id)).toEqual([testId(1), testId(2)]);
      expect(search('*')).toEqual([]);
    });

    it('applies the status filter to search and pages through hits', () => {
      context.store.updateConversation(testId(2), { execution_status: 'finished' });
      expect(search('deploy', { status: 'finished' }).map((item) => item.id)).toEqual([testId(2)]);
      const first = context.store.listConversations({ q: 'deploy', limit: 1 });
      expect(first.items.map((item) => item.id)).toEqual([testId(1)]);
      const second = context.store.listConversations({
        q: 'deploy',
        limit: 1,
        page_id: first.next_page_id ?? '',
      });
      expect(second.items.map((item) => item.id)).toEqual([testId(2)]);
      expect(second.next_page_id).toBeNull();
    });

    it('follows renames and deletes, and finds the same after a rebuild', () => {
      context.store.updateConversation(testId(3), { title: 'Soup recipes' });
      expect(search('lunch')).toEqual([]);
      expect(search('recipes').map((item) => item.id)).toEqual([testId(3)]);
      context.store.deleteConversation(testId(2));
      expect(search('tokenizer')).toEqual([]);
      expect(context.store.rebuildSearchIndex()).toBe(2 + 1);
      expect(search('recipes').map((item) => item.id)).toEqual([testId(3)]);
      expect(search('deploy').map((item) => item.id)).toEqual([testId(1)]);
    });
  });

  describe('search over many hits', () => {
    it('pages through conversations whose many messages all match, each once, best first', () => {
      for (let conversation = 1; conversation <= 7; conversation += 1) {
        context.store.createConversation(newConversation(conversation, { title: `Batch ${conversation}` }));
        const messages = Array.from({ length: 60 }, (_, index) =>
          userMessage(conversation * 1000 + index, `${'release '.repeat(conversation)}notes part ${index}`),
        );
        context.store.appendMany(testId(conversation), messages);
      }
      context.store.updateConversation(testId(3), { execution_status: 'error' });
      const ids = listAll(context, { q: 'release', limit: 2 }).map((item) => item.id);
      expect(ids).toHaveLength(7);
      expect(new Set(ids).size).toBe(7);
      // More occurrences of the word rank higher in both stores.
      expect(ids[0]).toBe(testId(7));
      expect(listAll(context, { q: 'release', limit: 2, status: 'error' }).map((item) => item.id)).toEqual([
        testId(3),
      ]);
    });
  });
}
