// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSidebarDrawer } from '../stores/sidebar-drawer-store';
import { useEscapeToStop } from './use-escape-to-stop';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  useSidebarDrawer.setState({ open: false });
});

function pressEscape(target: Element = document.body, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function textBox(value: string): HTMLTextAreaElement {
  const box = document.createElement('textarea');
  box.value = value;
  document.body.append(box);
  return box;
}

describe('useEscapeToStop', () => {
  it('stops on Esc while the agent is active, and not once it is not', () => {
    const stop = vi.fn();
    const { rerender } = renderHook(({ active }) => useEscapeToStop(active, stop), {
      initialProps: { active: true },
    });
    expect(pressEscape().defaultPrevented).toBe(true);
    expect(stop).toHaveBeenCalledTimes(1);
    rerender({ active: false });
    pressEscape();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('stands aside while a dialog, a menu or the drawer is open', () => {
    const stop = vi.fn();
    renderHook(() => useEscapeToStop(true, stop));
    const backdrop = document.createElement('div');
    backdrop.className = 'modal-backdrop';
    document.body.append(backdrop);
    pressEscape();
    backdrop.remove();
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    document.body.append(menu);
    pressEscape(menu);
    menu.remove();
    useSidebarDrawer.setState({ open: true });
    pressEscape();
    expect(stop).not.toHaveBeenCalled();
    useSidebarDrawer.setState({ open: false });
    pressEscape();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('leaves Esc to a text box holding text, but stops from an empty one', () => {
    const stop = vi.fn();
    renderHook(() => useEscapeToStop(true, stop));
    pressEscape(textBox('half a thought'));
    expect(stop).not.toHaveBeenCalled();
    pressEscape(textBox(''));
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('ignores an Esc already handled, or pressed with a modifier', () => {
    const stop = vi.fn();
    renderHook(() => useEscapeToStop(true, stop));
    const handled = document.createElement('div');
    document.body.append(handled);
    handled.addEventListener('keydown', (event) => event.preventDefault());
    pressEscape(handled);
    pressEscape(document.body, { ctrlKey: true });
    expect(stop).not.toHaveBeenCalled();
  });
});
