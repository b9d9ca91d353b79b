import { type RefObject, useCallback, useEffect, useState } from 'react';

/** How long after opening a dialog the person did not move into is safe to answer with Enter. */
export const ARMING_DELAY_MS = 1200;

export interface ApprovalArming {
  /** Enter may approve: focus is inside the dialog and the person moved there or the delay passed. */
  armed: boolean;
  /** The person moved into the dialog (a click inside it, or Tab): arms it at once. */
  markMovedIn: () => void;
}

/**
 * Arming for the approval dialog, so a keystroke meant for something else never approves an action:
 * the dialog is armed only while focus is inside `panel`, and only once the person moved there
 * themselves or `delayMs` passed since it opened.
 */
export function useApprovalArming(
  panel: RefObject<HTMLElement | null>,
  delayMs = ARMING_DELAY_MS,
): ApprovalArming {
  const [delayPassed, setDelayPassed] = useState(false);
  const [movedIn, setMovedIn] = useState(false);
  const [focusInside, setFocusInside] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDelayPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  useEffect(() => {
    const contains = (node: EventTarget | null) =>
      node instanceof Node && (panel.current?.contains(node) ?? false);
    setFocusInside(contains(document.activeElement));
    const onFocusIn = (event: FocusEvent) => setFocusInside(contains(event.target));
    const onFocusOut = (event: FocusEvent) => setFocusInside(contains(event.relatedTarget));
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [panel]);

  const markMovedIn = useCallback(() => setMovedIn(true), []);
  return { armed: focusInside && (movedIn || delayPassed), markMovedIn };
}
