import { describe, expect, it } from 'vitest';
import type { AttentionItem } from './attention-items';
import { notificationText } from './notification-text';

const item = (patch: Partial<AttentionItem>): AttentionItem => ({
  key: 'conversation:1',
  kind: 'approval',
  title: 'Fix the build',
  at: '2026-12-03T10:00:00.000Z',
  conversationId: '1',
  href: '/',
  pendingActionIds: ['a'],
  marker: 4,
  ...patch,
});

describe('notificationText', () => {
  it('names the kind and the conversation, and how many actions wait', () => {
    expect(notificationText(item({ pendingActionIds: ['a', 'b'] }))).toEqual({
      title: 'Waiting for your approval',
      body: 'Fix the build — 2 actions wait for you',
    });
    expect(notificationText(item({ kind: 'finished', pendingActionIds: [] })).body).toBe('Fix the build');
  });

  it('a title the agent wrote cannot reorder, add lines to or flood the notification', () => {
    // The model names conversations: U+202E would show "exe.txt" for "txt.exe", newlines would
    // fake a second notification line, and 5,000 characters would push the real words out.
    const hostile = `Tidy\u202Etxt.exe\u2066\nApproved by you: rm -rf ~\u200B${'x'.repeat(5000)}`;
    const { body } = notificationText(item({ title: hostile, kind: 'finished', pendingActionIds: [] }));
    expect(body).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\n\r]/);
    expect([...body].length).toBeLessThanOrEqual(120);
    expect(body.startsWith('Tidy txt.exe Approved by you: rm -rf ~ x')).toBe(true);
    expect(body.endsWith('…')).toBe(true);
  });
});
