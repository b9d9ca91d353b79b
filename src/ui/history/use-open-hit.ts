import { useLocation } from 'wouter';
import type { ConversationListItem } from './conversation-list-item';
import { hitHref } from './hit-href';

/** Navigates to a search hit (at its event), then runs `after` (the palette closes itself). */
export function useOpenHit(after?: () => void): (item: ConversationListItem) => void {
  const [, navigate] = useLocation();
  return (item) => {
    navigate(hitHref(item));
    after?.();
  };
}
