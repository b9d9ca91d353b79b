import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SETTINGS_QUERY_KEY } from '../api/use-settings';
import type { Event, ExecutionStatus } from '../api/wire-types';
import { useOtherModalOpen } from '../components/use-other-modal-open';
import { pendingActions } from '../../event-facts';
import { decisionsOf, suggestedRules } from '../conversation-store/suggested-rules';
import { type ApprovalChoice, confirmationRequest } from './approval-answers';
import type { ConversationCommands } from './use-conversation-commands';

/**
 * The actions waiting for the person and whether the approval dialog shows them: it does unless the
 * person chose "decide later" (Esc) for exactly this set, or has another modal open; in both cases
 * the banner shows instead. `respond` answers them; a remembered rule refreshes where it is listed.
 */
export function usePendingApproval(
  events: readonly Event[],
  status: ExecutionStatus | undefined,
  commands: ConversationCommands,
  refreshInfo: () => void,
) {
  const queryClient = useQueryClient();
  const pending = useMemo(
    () => (status === 'waiting_for_confirmation' ? pendingActions(events) : []),
    [events, status],
  );
  const pendingKey = pending.map((action) => action.id).join(',');
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const otherModalOpen = useOtherModalOpen();
  const dialogOpen = pending.length > 0 && dismissedKey !== pendingKey && !otherModalOpen;
  const suggestions = useMemo(() => suggestedRules(events, pending), [events, pending]);
  // Why each one is asked ("asked by rule …", "asked: no rule matched"), for the dialog's rows.
  const decisions = useMemo(() => decisionsOf(events, pending), [events, pending]);

  const respond = (choice: ApprovalChoice) =>
    commands.respond.mutate(
      confirmationRequest(
        pending.map((action) => action.id),
        choice,
      ),
      {
        onSuccess: () => {
          if (choice.kind !== 'remember') return;
          if (choice.scope === 'always') void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
          else refreshInfo();
        },
      },
    );
  return {
    pending,
    pendingKey,
    dialogOpen,
    suggestions,
    decisions,
    respond,
    decideLater: () => setDismissedKey(pendingKey),
    review: () => setDismissedKey(null),
  };
}

export type PendingApproval = ReturnType<typeof usePendingApproval>;
