import { create } from 'zustand';

/** Whether the skills list is open: the header's button and the `/skills` command both open it. */
export const useSkillsDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
