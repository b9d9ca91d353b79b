import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { Event } from '../api/wire-types';
import type { ForkFiles } from '../changes/checkpoint-types';
import { useCheckpoints } from '../changes/use-checkpoint-api';
import { useComposerDrafts } from './composer-drafts';
import type { ConversationCommands } from './use-conversation-commands';

/** A branch waiting for the person to say what its files start as. */
export interface PendingBranch {
  fromEventId: string | undefined;
  /** Set for "edit and resend": the message text the new branch's composer starts with. */
  draft?: string;
}

/**
 * Branching a conversation from one of its events and opening the branch. `branch` asks about the
 * branch's files (sets `pending`) when they were tracked at the fork point, else forks at once;
 * `chooseFiles` forks with the person's answer. A failed fork is left in `commands.fork` for the
 * page to show; neither function throws.
 */
export function useBranching(
  conversationId: string,
  events: readonly Event[],
  commands: ConversationCommands,
) {
  const { client } = useApi();
  const [, navigate] = useLocation();
  const setDraft = useComposerDrafts((state) => state.setDraft);
  const checkpoints = useCheckpoints(conversationId);
  const [pending, setPending] = useState<PendingBranch | null>(null);

  const openFork = useCallback(
    async (fromEventId: string | undefined, draft?: string, files?: ForkFiles) => {
      const fork = await commands.fork.mutateAsync({ fromEventId, files });
      if (fromEventId === undefined) {
        // Editing the very first message: the fork starts empty.
        await unwrap(
          client.POST('/api/conversations/{id}/navigate', {
            params: { path: { id: fork.id } },
            body: { event_id: null },
          }),
        );
      }
      if (draft !== undefined) setDraft(fork.id, draft);
      navigate(`/conversations/${fork.id}`);
    },
    [commands.fork, client, setDraft, navigate],
  );
  const branch = useCallback(
    async (fromEventId: string | undefined, draft?: string) => {
      const seq = events.find((event) => event.id === fromEventId)?.seq;
      // The list may lag the last steps by the live refresh's debounce: ask for it fresh.
      const list = seq === undefined ? [] : ((await checkpoints.refetch()).data ?? checkpoints.data ?? []);
      const tracked = seq !== undefined && list.some((checkpoint) => checkpoint.seq <= seq);
      if (tracked) {
        commands.fork.reset();
        setPending({ fromEventId, draft });
      } else void openFork(fromEventId, draft).catch(() => undefined); // the error shows in the fork banner
    },
    [events, checkpoints.refetch, checkpoints.data, commands.fork.reset, openFork],
  );
  const chooseFiles = (files: ForkFiles) => {
    if (!pending) return;
    void openFork(pending.fromEventId, pending.draft, files)
      .then(() => setPending(null))
      .catch(() => undefined); // the error shows in the dialog
  };
  return { pending, branch, chooseFiles, cancel: () => setPending(null) };
}
