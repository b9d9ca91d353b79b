import { describe, expect, it } from 'vitest';
import type { ConversationPage } from './conversation-list-item';
import { listItem } from './list-item-fixture';
import { mergeHeadPage, type PagedList } from './merge-head-page';

const ids = (list: PagedList) => list.pages.map((page) => page.items.map((item) => item.id));

/** Ten conversations, newest (j, minute 10) first, in pages of four. */
function cachedList(): PagedList {
  const all = 'jihgfedcba'.split('').map((id, index) => listItem(id, 10 - index));
  return {
    pages: [
      { items: all.slice(0, 4), next_page_id: 'after-g' },
      { items: all.slice(4, 8), next_page_id: 'after-c' },
      { items: all.slice(8), next_page_id: null },
    ],
    pageParams: [undefined, 'after-g', 'after-c'],
  };
}

describe('mergeHeadPage', () => {
  it('puts a new conversation on top and keeps the one it pushed out of the first page', () => {
    const head: ConversationPage = {
      items: [listItem('new', 20), listItem('j', 10), listItem('i', 9), listItem('h', 8)],
      next_page_id: 'after-h',
    };
    const merged = mergeHeadPage(cachedList(), head, 'UPDATED_AT_DESC');
    expect(ids(merged)).toEqual([
      ['new', 'j', 'i', 'h', 'g'],
      ['f', 'e', 'd', 'c'],
      ['b', 'a'],
    ]);
    // The first page's cursor still continues right after its own last item.
    expect(merged.pages[0]?.next_page_id).toBe('after-g');
  });

  it('moves a conversation that ran again from a later page to the top, once', () => {
    const head: ConversationPage = {
      items: [
        listItem('d', 30, { execution_status: 'running' }),
        listItem('j', 10),
        listItem('i', 9),
        listItem('h', 8),
      ],
      next_page_id: 'after-h',
    };
    const merged = mergeHeadPage(cachedList(), head, 'UPDATED_AT_DESC');
    expect(ids(merged)).toEqual([
      ['d', 'j', 'i', 'h', 'g'],
      ['f', 'e', 'c'],
      ['b', 'a'],
    ]);
    expect(merged.pages[0]?.items[0]?.execution_status).toBe('running');
  });

  it('drops a first-page conversation that the fresh page no longer has (deleted elsewhere)', () => {
    const head: ConversationPage = {
      items: [listItem('j', 10), listItem('h', 8), listItem('g', 7), listItem('f', 6)],
      next_page_id: 'after-f',
    };
    // i is gone; f, now within the fresh range, is shown once (on the first page).
    expect(ids(mergeHeadPage(cachedList(), head, 'UPDATED_AT_DESC'))).toEqual([
      ['j', 'h', 'g', 'f'],
      ['e', 'd', 'c'],
      ['b', 'a'],
    ]);
  });

  it('replaces everything when the fresh page is the whole list', () => {
    const head: ConversationPage = { items: [listItem('j', 10), listItem('a', 1)], next_page_id: null };
    const merged = mergeHeadPage(cachedList(), head, 'UPDATED_AT_DESC');
    expect(ids(merged)).toEqual([['j', 'a']]);
    expect(merged.pageParams).toEqual([undefined]);
  });

  it('returns the same object when nothing visible changed', () => {
    const list = cachedList();
    const head: ConversationPage = {
      items: [listItem('j', 10), listItem('i', 9), listItem('h', 8), listItem('g', 7)],
      next_page_id: 'after-g',
    };
    expect(mergeHeadPage(list, head, 'UPDATED_AT_DESC')).toBe(list);
  });

  it('shows a renamed conversation with its new title in place', () => {
    const head: ConversationPage = {
      items: [listItem('j', 10), listItem('i', 9, { title: 'Renamed' }), listItem('h', 8), listItem('g', 7)],
      next_page_id: 'after-g',
    };
    const merged = mergeHeadPage(cachedList(), head, 'UPDATED_AT_DESC');
    expect(merged.pages[0]?.items[1]?.title).toBe('Renamed');
  });

  it('orders by creation time under the created sort, ties by id', () => {
    const list: PagedList = {
      pages: [{ items: [listItem('b', 5), listItem('a', 5)], next_page_id: 'after-a' }],
      pageParams: [undefined],
    };
    const head: ConversationPage = {
      items: [listItem('c', 5, { updated_at: new Date(Date.UTC(2030, 0, 1)).toISOString() })],
      next_page_id: 'after-c',
    };
    expect(ids(mergeHeadPage(list, head, 'CREATED_AT_DESC'))[0]).toEqual(['c', 'b', 'a']);
  });

  it('leaves a list that has not loaded yet alone', () => {
    const empty: PagedList = { pages: [], pageParams: [] };
    expect(mergeHeadPage(empty, { items: [listItem('a', 1)], next_page_id: null }, 'UPDATED_AT_DESC')).toBe(
      empty,
    );
  });
});
