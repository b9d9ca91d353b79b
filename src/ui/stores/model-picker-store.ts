import { create } from 'zustand';

/** Whether the model picker is open: the header's button and the `/model` command both open it. */
export const useModelPicker = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
