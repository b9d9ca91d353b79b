// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useSidebarDrawer } from '../stores/sidebar-drawer-store';
import { NARROW_SCREEN_QUERY } from './use-narrow-screen';
import { useSidebarDrawerOpen } from './use-sidebar-drawer-open';

/** A stand-in for the browser's media queries: one width, and the listeners to tell when it changes. */
function fakeScreen(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) => {
    expect(query).toBe(NARROW_SCREEN_QUERY);
    return {
      get matches() {
        return width < 900;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  };
  return {
    resize(to: number) {
      width = to;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => useSidebarDrawer.setState({ open: false }));
afterEach(cleanup);

function renderDrawer(path = '/') {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
  return { location, ...renderHook(() => useSidebarDrawerOpen(), { wrapper }) };
}

describe('useSidebarDrawerOpen', () => {
  it('opens on a narrow screen and closes when a conversation is chosen', async () => {
    fakeScreen(390);
    const { result, location } = renderDrawer();
    await act(async () => result.current[1](true));
    expect(result.current[0]).toBe(true);
    await act(async () => location.navigate('/conversations/abc'));
    expect(result.current[0]).toBe(false);
    expect(useSidebarDrawer.getState().open).toBe(false);
  });

  it('is never open on a wide screen, and closes when the screen grows', async () => {
    const screen = fakeScreen(390);
    const { result } = renderDrawer();
    await act(async () => result.current[1](true));
    expect(result.current[0]).toBe(true);
    await act(async () => screen.resize(1400));
    expect(result.current[0]).toBe(false);
    expect(useSidebarDrawer.getState().open).toBe(false);
    await act(async () => screen.resize(390));
    expect(result.current[0]).toBe(false);
  });
});
