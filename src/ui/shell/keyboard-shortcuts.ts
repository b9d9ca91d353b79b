import { shortcutLabel } from '../history/shortcut-label';

export interface KeyboardShortcut {
  /** Each entry is one key as shown on a key cap; several entries are pressed together or in turn. */
  keys: readonly string[];
  does: string;
}

/** Every keyboard shortcut the app has, for the sheet (`?`); keep in step with the handlers in src/ui. */
export function keyboardShortcuts(platform: string): readonly KeyboardShortcut[] {
  return [
    { keys: [shortcutLabel(platform)], does: 'Search all conversations' },
    { keys: ['Enter'], does: 'Send the message or task' },
    { keys: ['Shift', 'Enter'], does: 'New line in a message' },
    { keys: ['Esc'], does: 'Stop the agent while it works (not while a text box holds text)' },
    { keys: ['Esc'], does: 'Close a dialog, menu or the sidebar; clear the sidebar search' },
    { keys: ['↑', '↓'], does: 'Move through search results and menus; Enter opens' },
    { keys: ['Enter'], does: 'Approve in the approval dialog, once you are in it' },
    { keys: ['i'], does: 'Open the inbox: what needs you across conversations and runs' },
    { keys: ['?'], does: 'Show these shortcuts' },
  ];
}
