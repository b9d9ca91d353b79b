import { Keyboard } from 'lucide-react';
import { ModalDialog } from '../components/modal-dialog';
import { keyboardShortcuts } from './keyboard-shortcuts';

/** The shortcut sheet: a short list of keys and what they do. */
export function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
  const shortcuts = keyboardShortcuts(navigator.platform);
  return (
    <ModalDialog
      title="Keyboard shortcuts"
      icon={<Keyboard size={16} />}
      onClose={onClose}
      width={440}
      className="shortcuts"
    >
      <dl className="shortcuts__list">
        {shortcuts.map((shortcut) => (
          <div key={`${shortcut.keys.join('+')} ${shortcut.does}`} className="shortcuts__row">
            <dt className="shortcuts__keys">
              {shortcut.keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd className="shortcuts__does">{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
