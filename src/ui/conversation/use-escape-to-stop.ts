import { useEffect, useRef } from 'react';
import { isShortcutFree } from '../components/is-shortcut-free';

/**
 * Esc stops the agent while `active` (running, or finishing a step after Pause). It stands aside when
 * a dialog, menu or the drawer is open, when something else handled the key (a search box clearing
 * itself), and when focus is in a text box that holds text (the person is writing; Esc is theirs).
 * From an empty composer or anywhere else on the page, Esc stops.
 */
export function useEscapeToStop(active: boolean, stop: () => void): void {
  const latestStop = useRef(stop);
  latestStop.current = stop;
  useEffect(() => {
    if (!active) return;
    // Bubble phase on window: the last listener, so dialogs and menus that take Esc first stop it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.shiftKey || !isShortcutFree(event, { allowEmptyText: true }))
        return;
      event.preventDefault();
      latestStop.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active]);
}
