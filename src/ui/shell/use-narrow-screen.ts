import { useSyncExternalStore } from 'react';

/** Below this width the sidebar is a drawer and the conversation's panels are tabs (see app-shell.css). */
export const NARROW_SCREEN_QUERY = '(max-width: 899px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

/** Whether the screen is narrow (the same breakpoint as the CSS); follows resizes and rotations. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
