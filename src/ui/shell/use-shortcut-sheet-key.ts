import { useEffect, useRef } from 'react';
import { isShortcutFree } from '../components/is-shortcut-free';

/** `?` (outside text boxes, with nothing else open) calls `onOpen`: it shows the shortcut sheet. */
export function useShortcutSheetKey(onOpen: () => void): void {
  const latestOpen = useRef(onOpen);
  latestOpen.current = onOpen;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || !isShortcutFree(event)) return;
      event.preventDefault();
      latestOpen.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
