import { create } from 'zustand';

interface ComposerDrafts {
  drafts: Record<string, string>;
  setDraft(conversationId: string, text: string): void;
}

/**
 * Unsent composer text per conversation: survives switching conversations, and lets "Edit and
 * resend" put the text into the composer of the fork it opens.
 */
export const useComposerDrafts = create<ComposerDrafts>()((set) => ({
  drafts: {},
  setDraft: (conversationId, text) =>
    set((state) => ({ drafts: { ...state.drafts, [conversationId]: text } })),
}));
