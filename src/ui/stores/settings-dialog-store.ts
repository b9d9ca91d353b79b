import { create } from 'zustand';

interface SettingsDialogState {
  open: boolean;
  /** Why it opened by itself (first run, a model error), shown at the top of the dialog. */
  reason: string | undefined;
  show(reason?: string): void;
  hide(): void;
}

/** Whether the settings dialog is open; any part of the app may open it (header, error banners, first run). */
export const useSettingsDialog = create<SettingsDialogState>()((set) => ({
  open: false,
  reason: undefined,
  show: (reason) => set({ open: true, reason }),
  hide: () => set({ open: false, reason: undefined }),
}));
