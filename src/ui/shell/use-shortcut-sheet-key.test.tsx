// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShortcutSheetKey } from './use-shortcut-sheet-key';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function press(key: string, target: Element = document.body): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: key === '?', bubbles: true }));
}

describe('useShortcutSheetKey', () => {
  it('opens the sheet on ? outside text boxes', () => {
    const open = vi.fn();
    renderHook(() => useShortcutSheetKey(open));
    press('/');
    expect(open).not.toHaveBeenCalled();
    press('?');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('leaves ? to a text box, even an empty one, and to an open dialog', () => {
    const open = vi.fn();
    renderHook(() => useShortcutSheetKey(open));
    const box = document.createElement('input');
    document.body.append(box);
    press('?', box);
    const backdrop = document.createElement('div');
    backdrop.className = 'modal-backdrop';
    document.body.append(backdrop);
    press('?');
    expect(open).not.toHaveBeenCalled();
  });
});
