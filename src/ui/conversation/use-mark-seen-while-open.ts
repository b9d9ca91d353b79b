import { useEffect } from 'react';
import { useInboxSeen } from '../stores/inbox-seen-store';

/**
 * Opening a conversation clears its inbox item: whatever it reached while on screen is seen, so a
 * run that ends in front of the person never waits for them in the inbox afterwards.
 */
export function useMarkSeenWhileOpen(conversationId: string, lastSeq: number | undefined): void {
  const markSeen = useInboxSeen((state) => state.markSeen);
  useEffect(() => {
    if (lastSeq !== undefined) markSeen(`conversation:${conversationId}`, lastSeq);
  }, [conversationId, lastSeq, markSeen]);
}
