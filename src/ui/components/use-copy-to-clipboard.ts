import { useCallback, useEffect, useState } from 'react';

/** How long "Copied" (or "Could not copy") stays before the button goes back to its icon. */
export const COPIED_FEEDBACK_MS = 1500;

export type CopyState = 'copied' | 'failed' | null;

/** Copies a text to the clipboard and reports it for a short while: the one copy logic of the UI. */
export function useCopyToClipboard(feedbackMs = COPIED_FEEDBACK_MS) {
  const [state, setState] = useState<CopyState>(null);
  useEffect(() => {
    if (state === null) return;
    const timer = setTimeout(() => setState(null), feedbackMs);
    return () => clearTimeout(timer);
  }, [state, feedbackMs]);
  const copy = useCallback((text: string) => {
    // navigator.clipboard is missing outside a secure context (plain http on another host).
    if (!navigator.clipboard) {
      setState('failed');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  }, []);
  return { state, copy };
}
