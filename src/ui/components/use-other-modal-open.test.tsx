// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOtherModalOpen, WAITING_MODAL_CLASS } from './use-other-modal-open';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function addBackdrop(extraClass = ''): HTMLElement {
  const backdrop = document.createElement('div');
  backdrop.className = `modal-backdrop ${extraClass}`;
  document.body.append(backdrop);
  return backdrop;
}

describe('useOtherModalOpen', () => {
  it('is true while a modal the person opened is on screen, and ignores the waiting one', async () => {
    const { result } = renderHook(() => useOtherModalOpen());
    expect(result.current).toBe(false);
    await act(async () => void addBackdrop(WAITING_MODAL_CLASS));
    expect(result.current).toBe(false);
    let settings: HTMLElement | undefined;
    await act(async () => {
      settings = addBackdrop();
    });
    expect(result.current).toBe(true);
    await act(async () => settings?.remove());
    expect(result.current).toBe(false);
  });
});
