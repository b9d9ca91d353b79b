import { beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../events';
import {
  actionEvent,
  agentMessage,
  newConversation,
  systemPrompt,
  testId,
  testTime,
  userMessage,
} from '../events/fixtures/event-builders';
import type { EventStore } from './event-store';
import type { ContractContext } from './contract-context';
import { expectStoreError } from './expect-store-error';

const C = testId(1000);

/** Reads, filters and paging of one conversation's events (see describeEventStoreContract). */
export function describeEventReadsContract(context: ContractContext): void {
  describe('reads', () => {
    beforeEach(async () => {
      await context.store.createConversation(newConversation(1000));
      await context.store.appendMany(C, [
        userMessage(1, 'Please fix the Parser bug'),
        actionEvent(2),
        agentMessage(3, 'The parser now handles quotes.'),
        userMessage(4, 'Thanks! Now the lexer.'),
        agentMessage(5, 'Lexer done.'),
      ]);
    });

    const seqs = (events: readonly Event[]) => events.map((event) => event.seq);

    it('reads by seq range, forwards and backwards, with a limit', async () => {
      expect(seqs(await context.store.readEvents(C))).toEqual([0, 1, 2, 3, 4]);
      expect(seqs(await context.store.readEvents(C, { afterSeq: 1 }))).toEqual([2, 3, 4]);
      expect(seqs(await context.store.readEvents(C, { afterSeq: 0, beforeSeq: 3 }))).toEqual([1, 2]);
      expect(seqs(await context.store.readEvents(C, { order: 'desc', limit: 2 }))).toEqual([4, 3]);
      expect(seqs(await context.store.readEvents(C, { beforeSeq: 3, order: 'desc', limit: 2 }))).toEqual([
        2, 1,
      ]);
      await expectStoreError(() => context.store.readEvents(testId(1)), 'unknown_conversation');
    });

    it('gets one event by id, equal to what append returned', async () => {
      const appended = await context.store.append(C, userMessage(6, 'more'));
      expect(await context.store.getEvent(C, testId(6))).toEqual(appended);
      expect(await context.store.getEvent(C, testId(77))).toBeUndefined();
    });

    it('filters by kind, source, message text (case-insensitive) and seq bounds', async () => {
      const search = async (filter: Parameters<EventStore['searchEvents']>[1]) =>
        seqs((await context.store.searchEvents(C, filter, { limit: 100 })).items);
      expect(await search({ kind: 'ActionEvent' })).toEqual([1]);
      expect(await search({ source: 'user' })).toEqual([0, 3]);
      expect(await search({ body: 'PARSER' })).toEqual([0, 2]);
      expect(await search({ body: 'parser', source: 'agent' })).toEqual([2]);
      expect(await search({ afterSeq: 0, beforeSeq: 4, kind: 'MessageEvent' })).toEqual([2, 3]);
      expect(await context.store.countEvents(C, { kind: 'MessageEvent' })).toBe(4);
      expect(await context.store.countEvents(C, { body: 'lexer' })).toBe(2);
    });

    it('filters by timestamp: at or after timestampGte, strictly before timestampLt, in any ISO form', async () => {
      // Event n is stamped testTime(n): 2025-01-01T00:00:0n.000Z; seq = n - 1.
      const search = async (filter: Parameters<EventStore['searchEvents']>[1]) =>
        seqs((await context.store.searchEvents(C, filter, { limit: 100 })).items);
      expect(await search({ timestampGte: testTime(2) })).toEqual([1, 2, 3, 4]);
      expect(await search({ timestampLt: testTime(2) })).toEqual([0]);
      expect(await search({ timestampGte: testTime(2), timestampLt: testTime(4) })).toEqual([1, 2]);
      // The same instant written with an offset and without milliseconds.
      expect(await search({ timestampGte: '2025-01-01T01:00:03+01:00' })).toEqual([2, 3, 4]);
      expect(await search({ timestampGte: testTime(3), kind: 'MessageEvent' })).toEqual([2, 3, 4]);
      expect(
        await context.store.countEvents(C, { timestampGte: testTime(2), timestampLt: testTime(5) }),
      ).toBe(3);
      expect(
        seqs(
          (await context.store.searchEvents(C, { timestampGte: testTime(2) }, { limit: 2, order: 'desc' }))
            .items,
        ),
      ).toEqual([4, 3]);
    });

    it('pages through search results in both orders with no event twice and none missing', async () => {
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        let pageId: string | undefined;
        do {
          const page = await context.store.searchEvents(
            C,
            {},
            { limit: 2, order, ...(pageId ? { page_id: pageId } : {}) },
          );
          seen.push(...seqs(page.items));
          pageId = page.next_page_id ?? undefined;
        } while (pageId);
        expect(seen).toEqual(order === 'asc' ? [0, 1, 2, 3, 4] : [4, 3, 2, 1, 0]);
      }
      await expectStoreError(
        () => context.store.searchEvents(C, {}, { limit: 2, page_id: 'garbage' }),
        'invalid_page_id',
      );
    });

    it('never ends a page inside a group of equal timestamps, so paging by timestamp__lt loses none', async () => {
      // Four events in one millisecond (one step's appends share the clock's reading): seqs 5 to 8.
      const sameInstant = [6, 7, 8, 9].map((n) => ({
        ...agentMessage(n, `same ${n}`),
        timestamp: testTime(6),
      }));
      await context.store.appendMany(C, sameInstant);
      // The Agent Canvas's history: the newest page, then older ones before the oldest timestamp it holds.
      const seen: number[] = [];
      let before: string | undefined;
      for (let round = 0; round < 10; round += 1) {
        const filter = before === undefined ? {} : { timestampLt: before };
        const page = await context.store.searchEvents(C, filter, { limit: 2, order: 'desc' });
        seen.push(...seqs(page.items));
        const oldest = page.items.at(-1);
        if (!oldest || page.items.length < 2) break;
        before = oldest.timestamp;
      }
      expect(seen).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);
      // Page ids go on after the group, in either order, and each event comes once.
      for (const order of ['asc', 'desc'] as const) {
        const paged: number[] = [];
        let pageId: string | undefined;
        do {
          const page = await context.store.searchEvents(
            C,
            {},
            { limit: 3, order, ...(pageId ? { page_id: pageId } : {}) },
          );
          paged.push(...seqs(page.items));
          pageId = page.next_page_id ?? undefined;
        } while (pageId);
        expect(paged).toEqual(order === 'asc' ? [0, 1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1, 0]);
      }
      const first = await context.store.searchEvents(C, {}, { limit: 6, order: 'asc' });
      expect(seqs(first.items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(first.next_page_id).toBeNull();
    });
  });
}

/** Fork: the copied path, renumbered seqs, the untouched source (see describeEventStoreContract). */
export function describeForkContract(context: ContractContext): void {
  describe('fork', () => {
    const F = testId(2000);
    beforeEach(async () => {
      await context.store.createConversation(
        newConversation(1000, {
          stats: { prompt_tokens: 100, completion_tokens: 20, cost: 0.5 },
          tags: ['x'],
        }),
      );
      await context.store.appendMany(C, [
        systemPrompt(0),
        userMessage(1, 'first question'),
        agentMessage(2, 'first answer'),
        userMessage(3, 'second question'),
      ]);
      await context.store.updateConversation(C, { execution_status: 'finished' });
    });

    it('copies the root-to-event path with the same ids, leaf on that event, source untouched (scenario 39)', async () => {
      const sourceBefore = await context.store.readEvents(C);
      const fork = await context.store.fork(C, {
        id: F,
        fromEventId: testId(1),
        title: 'Fork',
        created_at: testTime0(),
        resetStats: true,
      });
      expect(fork).toMatchObject({
        id: F,
        leaf_event_id: testId(1),
        last_seq: 1,
        forked_from_conversation_id: C,
        forked_from_event_id: testId(1),
        execution_status: 'idle',
        stats: { prompt_tokens: 0, completion_tokens: 0, cost: 0 },
        tags: ['x'],
      });
      const forked = await context.store.readEvents(F);
      expect(forked).toEqual(sourceBefore.slice(0, 2));
      expect((await context.store.activeBranch(F)).map((event) => event.id)).toEqual([testId(0), testId(1)]);
      expect(await context.store.readEvents(C)).toEqual(sourceBefore);
      expect((await context.store.getConversation(C))?.execution_status).toBe('finished');
    });

    it('renumbers seq from 0 when the path skips events of other branches', async () => {
      await context.store.setLeaf(C, testId(1));
      await context.store.append(C, agentMessage(4, 'other answer'));
      const fork = await context.store.fork(C, {
        id: F,
        fromEventId: testId(4),
        title: 'Fork',
        created_at: testTime0(),
        resetStats: true,
      });
      expect(fork.last_seq).toBe(2);
      const forked = await context.store.readEvents(F);
      expect(forked.map((event) => [event.seq, event.id, event.parent_id])).toEqual([
        [0, testId(0), undefined],
        [1, testId(1), testId(0)],
        [2, testId(4), testId(1)],
      ]);
    });

    it('copies the whole log without fromEventId and may keep the stats', async () => {
      await context.store.setLeaf(C, testId(2));
      const fork = await context.store.fork(C, {
        id: F,
        title: 'Copy',
        created_at: testTime0(),
        resetStats: false,
      });
      expect(fork.leaf_event_id).toBe(testId(2));
      expect(fork.stats.cost).toBe(0.5);
      expect(await context.store.readEvents(F)).toEqual(await context.store.readEvents(C));
      const next = await context.store.append(F, userMessage(5, 'continue the copy'));
      expect(next).toMatchObject({ seq: 4, parent_id: testId(2) });
    });

    it('refuses an unknown source, an unknown event and a taken id', async () => {
      const options = { id: F, title: 'Fork', created_at: testTime0(), resetStats: true };
      await expectStoreError(() => context.store.fork(testId(1), options), 'unknown_conversation');
      await expectStoreError(
        () => context.store.fork(C, { ...options, fromEventId: testId(99) }),
        'unknown_event',
      );
      await expectStoreError(() => context.store.fork(C, { ...options, id: C }), 'conversation_exists');
      expect(await context.store.getConversation(F)).toBeUndefined();
    });
  });
}

function testTime0(): string {
  return '2025-06-10T00:00:00.000Z';
}
