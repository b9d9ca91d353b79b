import { useEffect } from 'react';
import { isShortcutFree } from '../components/is-shortcut-free';
import { useInboxDialog } from './inbox-dialog-store';

/** `i` (outside text boxes, with nothing else open) opens the inbox from any page. */
export function useInboxKey(): void {
  const show = useInboxDialog((state) => state.show);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'i' || !isShortcutFree(event)) return;
      event.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show]);
}
