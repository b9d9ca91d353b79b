import { describe, expect, it } from 'vitest';
import { listItem } from './list-item-fixture';
import { type SidebarRow, sidebarRows } from './sidebar-rows';

const labels = (rows: SidebarRow[]) =>
  rows.map((row) =>
    row.type === 'conversation' ? row.conversation.id : row.type === 'heading' ? `# ${row.label}` : '…',
  );

describe('sidebarRows', () => {
  it('lists pinned conversations in their own section above the others, each once', () => {
    const pinned = [{ items: [listItem('p', 1, { pinned: true })], next_page_id: null }];
    const pages = [
      { items: [listItem('a', 9), listItem('p', 8, { pinned: true })], next_page_id: 'x' },
      { items: [listItem('b', 7)], next_page_id: null },
    ];
    expect(labels(sidebarRows(pinned, pages, false))).toEqual(['# Pinned', 'p', '# Recent', 'a', 'b']);
  });

  it('has no headings when nothing is pinned', () => {
    expect(labels(sidebarRows([], [{ items: [listItem('a', 1)], next_page_id: null }], false))).toEqual([
      'a',
    ]);
  });

  it('shows a conversation that two overlapping pages both hold only once', () => {
    const pages = [
      { items: [listItem('a', 9), listItem('b', 8)], next_page_id: 'x' },
      { items: [listItem('b', 8), listItem('c', 7)], next_page_id: null },
    ];
    expect(labels(sidebarRows([], pages, false))).toEqual(['a', 'b', 'c']);
  });

  it('ends with a loading row while more pages remain', () => {
    expect(labels(sidebarRows([], [{ items: [listItem('a', 1)], next_page_id: 'x' }], true))).toEqual([
      'a',
      '…',
    ]);
  });

  it('leaves out a row the pinned query still holds after it was unpinned elsewhere', () => {
    const pinned = [{ items: [listItem('p', 1, { pinned: false })], next_page_id: null }];
    expect(labels(sidebarRows(pinned, [{ items: [listItem('p', 1)], next_page_id: null }], false))).toEqual([
      'p',
    ]);
  });
});
