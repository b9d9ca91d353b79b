import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A side panel beside the transcript other than Changes (which keeps its own switch). */
export type ToolPanel = 'terminal' | 'preview';

interface ToolPanelState {
  panel: ToolPanel | null;
  setPanel(panel: ToolPanel | null): void;
}

/** Which tool panel is open: remembered per browser tab (session storage), for every conversation. */
export const useToolPanel = create<ToolPanelState>()(
  persist(
    (set) => ({
      panel: null,
      setPanel: (panel) => set({ panel }),
    }),
    { name: 'awb.tool-panel', storage: createJSONStorage(() => sessionStorage) },
  ),
);
