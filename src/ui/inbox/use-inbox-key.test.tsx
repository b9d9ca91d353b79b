// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useInboxDialog } from './inbox-dialog-store';
import { useInboxKey } from './use-inbox-key';

beforeEach(() => useInboxDialog.setState({ open: false, reviewing: null }));
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
}

describe('useInboxKey', () => {
  it('opens the inbox on i outside text boxes', () => {
    renderHook(() => useInboxKey());
    press('i', document.body, { ctrlKey: true });
    expect(useInboxDialog.getState().open).toBe(false);
    press('i');
    expect(useInboxDialog.getState().open).toBe(true);
  });

  it('leaves i to a text box and to an open dialog', () => {
    renderHook(() => useInboxKey());
    const box = document.createElement('textarea');
    document.body.append(box);
    press('i', box);
    const backdrop = document.createElement('div');
    backdrop.className = 'modal-backdrop';
    document.body.append(backdrop);
    press('i');
    expect(useInboxDialog.getState().open).toBe(false);
  });
});
