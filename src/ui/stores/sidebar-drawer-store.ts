import { create } from 'zustand';

interface SidebarDrawer {
  /** True while the sidebar is open as a drawer over the page (narrow screens only). */
  open: boolean;
  setOpen(open: boolean): void;
}

/** Whether the narrow-screen drawer is open; global shortcuts (Esc stops the agent) stand aside while it is. */
export const useSidebarDrawer = create<SidebarDrawer>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
