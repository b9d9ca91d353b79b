// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AttentionItem } from './attention-items';
import { InboxDialog } from './inbox-dialog';
import { useInboxDialog } from './inbox-dialog-store';
import { useInboxSeen } from '../stores/inbox-seen-store';

const approval: AttentionItem = {
  key: 'conversation:a',
  kind: 'approval',
  title: 'Tidy the release notes',
  at: '2026-12-03T10:00:00.000Z',
  conversationId: 'a',
  href: '/conversations/a',
  pendingActionIds: ['x', 'y'],
  marker: 7,
};
const finished: AttentionItem = {
  ...approval,
  key: 'conversation:f',
  kind: 'finished',
  title: 'Check the \u202Eemdaer\u202C README',
  conversationId: 'f',
  href: '/conversations/f',
  pendingActionIds: [],
  marker: 12,
};

function open(items: AttentionItem[]) {
  const location = memoryLocation({ path: '/conversations/other', record: true });
  render(
    <Router hook={location.hook}>
      <InboxDialog items={items} />
    </Router>,
  );
  return { location, dialog: screen.getByRole('dialog', { name: 'Inbox' }) };
}

beforeEach(() => {
  localStorage.clear();
  useInboxSeen.setState({ since: '2026-12-03T09:00:00.000Z', seen: {} });
  useInboxDialog.setState({ open: true, reviewing: null });
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('InboxDialog', () => {
  it('lists each item with what it asks; an approval offers Review, which answers it in place', () => {
    const { dialog, location } = open([approval, finished]);
    const rows = within(dialog).getAllByTestId('inbox-item');
    expect(rows.map((row) => row.dataset.kind)).toEqual(['approval', 'finished']);
    expect(rows[0]?.textContent).toContain('2 actions wait for your approval');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /^Review/ })).toBeNull();
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Review/ }));
    expect(useInboxDialog.getState()).toMatchObject({ open: true, reviewing: 'a' });
    expect(location.history).toEqual(['/conversations/other']);
  });

  it('shows a title the model wrote as one plain line, never reordered', () => {
    const { dialog } = open([finished]);
    const row = within(dialog).getByTestId('inbox-item');
    expect(row.textContent).not.toMatch(/[\u202A-\u202E]/);
    expect(row.textContent).toContain('Check the emdaer README');
  });

  it('opening an item goes there, marks it seen and closes the inbox; "Mark all as seen" clears the rest', () => {
    const { dialog, location } = open([approval, finished]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as seen' }));
    // An approval is never "seen" away: it leaves once answered.
    expect(useInboxSeen.getState().seen).toEqual({ 'conversation:f': 12 });
    fireEvent.click(within(dialog).getAllByRole('button', { name: /^Open/ })[0] as HTMLElement);
    expect(location.history.at(-1)).toBe('/conversations/a');
    expect(useInboxDialog.getState().open).toBe(false);
    expect(JSON.parse(localStorage.getItem('awb.inbox-seen') ?? '{}').seen).toEqual({
      'conversation:f': 12,
      'conversation:a': 7,
    });
  });

  it('says plainly when nothing needs the person', () => {
    const { dialog } = open([]);
    expect(within(dialog).getByTestId('inbox-empty').textContent).toContain('Nothing needs you');
    expect(within(dialog).queryByRole('button', { name: 'Mark all as seen' })).toBeNull();
  });
});
