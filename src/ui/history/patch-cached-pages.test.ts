import { describe, expect, it } from 'vitest';
import { listItem } from './list-item-fixture';
import type { PagedList } from './merge-head-page';
import { insertCachedItem, removeCachedItem, updateCachedItem } from './patch-cached-pages';

function list(): PagedList<string | undefined> {
  return {
    pages: [
      { items: [listItem('c', 3), listItem('b', 2)], next_page_id: 'after-b' },
      { items: [listItem('a', 1)], next_page_id: null },
    ],
    pageParams: [undefined, 'after-b'],
  };
}

describe('cached page patches', () => {
  it('renames a conversation wherever it is, leaving the other pages as they were', () => {
    const before = list();
    const after = updateCachedItem(before, 'a', { title: 'Fixed the build' });
    expect(after.pages[1]?.items[0]?.title).toBe('Fixed the build');
    expect(after.pages[0]).toBe(before.pages[0]);
  });

  it('returns the same list when the conversation is not cached', () => {
    const before = list();
    expect(updateCachedItem(before, 'zzz', { title: 'x' })).toBe(before);
    expect(removeCachedItem(before, 'zzz')).toBe(before);
  });

  it('removes a deleted conversation', () => {
    expect(removeCachedItem(list(), 'b').pages.map((page) => page.items.map((item) => item.id))).toEqual([
      ['c'],
      ['a'],
    ]);
  });

  it('inserts a just pinned conversation in order, once', () => {
    const pinned: PagedList<string | undefined> = {
      pages: [{ items: [listItem('c', 3), listItem('a', 1)], next_page_id: null }],
      pageParams: [undefined],
    };
    const after = insertCachedItem(pinned, listItem('b', 2, { pinned: true }), 'UPDATED_AT_DESC');
    expect(after.pages[0]?.items.map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(insertCachedItem(after, listItem('b', 2), 'UPDATED_AT_DESC')).toBe(after);
  });

  it('adds to a loaded but empty pinned list', () => {
    const empty: PagedList<string | undefined> = {
      pages: [{ items: [], next_page_id: null }],
      pageParams: [undefined],
    };
    expect(insertCachedItem(empty, listItem('a', 1), 'UPDATED_AT_DESC').pages).toEqual([
      { items: [listItem('a', 1)], next_page_id: null },
    ]);
  });
});
