import { type KeyboardEvent, useMemo, useState } from 'react';
import { type ComposerCommand, matchingCommands } from './composer-commands';

/**
 * The slash-command menu over a message box: which commands the text offers, which one is active,
 * and the keys that move through it (arrows), pick (Enter, Tab) or hide it (Esc, until the text
 * changes). `onKeyDownCapture` goes on the box's form, so it runs before the box's own Enter-to-send
 * and leaves every key alone while the menu is closed.
 */
export function useCommandMenu(text: string, onPick: (command: ComposerCommand) => void) {
  const [active, setActive] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const offered = useMemo(() => matchingCommands(text), [text]);
  const menuOpen = offered.length > 0 && dismissedFor !== text;
  const activeIndex = Math.min(active, offered.length - 1);

  const onKeyDownCapture = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!menuOpen || event.nativeEvent.isComposing) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.key === 'ArrowDown') {
      handled();
      setActive((activeIndex + 1) % offered.length);
    } else if (event.key === 'ArrowUp') {
      handled();
      setActive((activeIndex - 1 + offered.length) % offered.length);
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      handled();
      const command = offered[activeIndex];
      if (command) onPick(command);
    } else if (event.key === 'Escape') {
      // Only the menu closes: Esc does not also stop the agent.
      handled();
      event.nativeEvent.stopImmediatePropagation();
      setDismissedFor(text);
    }
  };
  return {
    offered,
    menuOpen,
    activeIndex,
    activeCommand: menuOpen ? offered[activeIndex] : undefined,
    setActive,
    onKeyDownCapture,
  };
}
