import { type KeyboardEvent, useEffect, useState } from 'react';
import type { ConversationListItem } from './conversation-list-item';
import { moveSelection } from './move-selection';

/**
 * Keyboard navigation over search results for the input that owns them: ↑/↓ move the highlight (focus
 * stays in the box), Enter opens the highlighted hit. A new set of results highlights the first again.
 */
export function useResultSelection(
  results: readonly ConversationListItem[],
  onOpen: (item: ConversationListItem) => void,
) {
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (results) setSelected(0);
  }, [results]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setSelected((current) => moveSelection(current, event.key === 'ArrowDown' ? 1 : -1, results.length));
    } else if (event.key === 'Enter') {
      const item = results[selected];
      if (item) {
        event.preventDefault();
        onOpen(item);
      }
    }
  };
  return { selected, setSelected, onKeyDown };
}
