import { useState } from 'react';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { useShortcutSheetKey } from './use-shortcut-sheet-key';

/** Opens the shortcut sheet on `?`. Mount once. */
export function KeyboardShortcutsHost() {
  const [open, setOpen] = useState(false);
  useShortcutSheetKey(() => setOpen(true));
  return open ? <KeyboardShortcutsDialog onClose={() => setOpen(false)} /> : null;
}
