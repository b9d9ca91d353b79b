import { type RefObject, useEffect } from 'react';
import { isTypingTarget } from './is-typing-target';

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface FocusTrapOptions {
  /**
   * Leave focus in a text box the person is typing in when the trap starts (a dialog that opens by
   * itself must not swallow keystrokes meant for the composer). Tab then moves focus into the container.
   */
  keepTypingFocus?: boolean;
}

/**
 * Keeps Tab and Shift+Tab inside `container` while `active`, and gives focus back to whatever had it
 * before when the trap is released (so closing a dialog returns the person where they were).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  { keepTypingFocus = false }: FocusTrapOptions = {},
): void {
  useEffect(() => {
    if (!active) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = container.current;
    const focusInitial = (target: HTMLElement) => {
      // A disabled field cannot take focus (the settings' model field, when an env variable sets it).
      const autofocus = target.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)');
      (autofocus ?? target.querySelector<HTMLElement>(FOCUSABLE) ?? target).focus();
    };
    const keepFocus = keepTypingFocus && isTypingTarget(document.activeElement);
    if (element && !keepFocus && !element.contains(document.activeElement)) focusInitial(element);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !container.current) return;
      if (!container.current.contains(document.activeElement)) {
        event.preventDefault();
        focusInitial(container.current);
        return;
      }
      const focusable = [...container.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (candidate) => candidate.offsetParent !== null,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [container, active, keepTypingFocus]);
}
