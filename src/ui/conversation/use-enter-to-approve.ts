import { type RefObject, useEffect } from 'react';
import { isTypingTarget } from '../components/is-typing-target';

/**
 * Enter inside the approval dialog approves, but only when `armed`; before that it does nothing at
 * all (not even the focused button's own click). Enter anywhere else (the composer) is never an
 * approval. Tab counts as the person moving into the dialog (`onMovedIn`).
 */
export function useEnterToApprove(
  panel: RefObject<HTMLElement | null>,
  armed: boolean,
  onApprove: (() => void) | undefined,
  onMovedIn: () => void,
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') {
        onMovedIn();
        return;
      }
      if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !panel.current?.contains(target) || isTypingTarget(target)) return;
      if (!armed) {
        event.preventDefault();
        return;
      }
      // A focused button answers Enter with its own click (Reject rejects, Approve approves).
      if (target.closest('button, select, a[href]')) return;
      event.preventDefault();
      onApprove?.();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [panel, armed, onApprove, onMovedIn]);
}
