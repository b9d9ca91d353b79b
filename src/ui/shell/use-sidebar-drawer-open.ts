import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSidebarDrawer } from '../stores/sidebar-drawer-store';
import { useNarrowScreen } from './use-narrow-screen';

/**
 * Whether the sidebar drawer is open, and how to open or close it. It closes by itself when the page
 * changes (a conversation was chosen, "New conversation", a search hit) and when the screen becomes wide.
 */
export function useSidebarDrawerOpen(): [open: boolean, setOpen: (open: boolean) => void] {
  const narrow = useNarrowScreen();
  const open = useSidebarDrawer((state) => state.open);
  const setOpen = useSidebarDrawer((state) => state.setOpen);
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a new location
  useEffect(() => setOpen(false), [location, setOpen]);
  useEffect(() => {
    if (!narrow) setOpen(false);
  }, [narrow, setOpen]);
  return [open && narrow, setOpen];
}
