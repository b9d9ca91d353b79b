// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../api/wire-types';
import {
  terminalAction,
  terminalObservation,
  userMessage,
} from '../conversation-store/testing/event-builders';
import { useLiveChangesRefresh } from './use-live-changes-refresh';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLiveChangesRefresh', () => {
  it('refreshes the changes once, half a second after a burst of tool results, and not for other events', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const a1 = terminalAction(1, 'touch a');
    const a2 = terminalAction(3, 'touch b');
    let events: Event[] = [userMessage(0, 'Go'), a1];
    const { rerender } = renderHook(() => useLiveChangesRefresh('c1', events), { wrapper });
    act(() => vi.advanceTimersByTime(1000));
    expect(invalidate).not.toHaveBeenCalled();

    events = [...events, terminalObservation(2, a1, '')];
    rerender();
    act(() => vi.advanceTimersByTime(300));
    events = [...events, a2, terminalObservation(4, a2, '')];
    rerender();
    act(() => vi.advanceTimersByTime(300));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversation', 'c1', 'checkpoints'] });

    events = [...events, userMessage(5, 'More')];
    rerender();
    act(() => vi.advanceTimersByTime(1000));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
