import { useSyncExternalStore } from 'react';

/** Backdrops carrying this class do not count as "another modal" (the one asking is not in the way). */
export const WAITING_MODAL_CLASS = 'modal-backdrop--waits';

const OTHER_MODAL = `body > .modal-backdrop:not(.${WAITING_MODAL_CLASS})`;

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

function isOtherModalOpen(): boolean {
  return document.querySelector(OTHER_MODAL) !== null;
}

/**
 * Whether a modal the person opened (settings, search palette, a delete confirmation) is on screen.
 * Every modal renders its backdrop as a portal into `body`, so watching `body`'s children is enough.
 * A dialog that opens by itself waits while this is true, instead of covering what the person is doing.
 */
export function useOtherModalOpen(): boolean {
  return useSyncExternalStore(subscribe, isOtherModalOpen, () => false);
}
