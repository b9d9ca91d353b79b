import { create } from 'zustand';

interface InboxDialogState {
  open: boolean;
  /** The conversation whose waiting actions are being answered from the inbox, if any. */
  reviewing: string | null;
  show(): void;
  hide(): void;
  /** Swap the list for that conversation's approval dialog (never both at once: one modal at a time). */
  review(conversationId: string): void;
  /** Back to the list after an answer or "decide later". */
  endReview(): void;
}

/** Whether the inbox (or an approval opened from it) is showing; the header button and shortcuts open it. */
export const useInboxDialog = create<InboxDialogState>()((set) => ({
  open: false,
  reviewing: null,
  show: () => set({ open: true, reviewing: null }),
  hide: () => set({ open: false, reviewing: null }),
  review: (conversationId) => set({ open: true, reviewing: conversationId }),
  endReview: () => set({ reviewing: null }),
}));
