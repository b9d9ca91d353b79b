import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Event } from '../api/wire-types';
import { lastFileEventSeq } from './checkpoint-steps';
import { checkpointQueryKey } from './use-checkpoint-api';

const DEBOUNCE_MS = 500;

/**
 * Refreshes the changes (and checkpoints) of a conversation when a tool's result or a restore
 * arrives, at most once per half second while the agent works.
 */
export function useLiveChangesRefresh(conversationId: string, events: readonly Event[]): void {
  const queryClient = useQueryClient();
  const seq = lastFileEventSeq(events);
  useEffect(() => {
    if (seq < 0) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: checkpointQueryKey(conversationId) }),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [seq, conversationId, queryClient]);
}
