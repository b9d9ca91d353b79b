import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface ChangesPanelOpen {
  open: boolean;
  setOpen(open: boolean): void;
}

/** Whether the changes panel is shown: remembered per browser tab (session storage), for every conversation. */
export const useChangesPanelOpen = create<ChangesPanelOpen>()(
  persist(
    (set) => ({
      open: false,
      setOpen: (open) => set({ open }),
    }),
    { name: 'awb.changes-panel', storage: createJSONStorage(() => sessionStorage) },
  ),
);
