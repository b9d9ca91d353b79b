import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useMemo } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import { SETTINGS_QUERY_KEY } from '../api/use-settings';
import { ModalDialog } from '../components/modal-dialog';
import { type ApprovalChoice, confirmationBody, confirmationRequest } from '../conversation/approval-answers';
import { ApprovalDialog } from '../conversation/approval-dialog';
import { decisionsOf, suggestedRules } from '../conversation-store/suggested-rules';
import { fetchPendingApproval } from './fetch-pending-approval';
import { useInboxDialog } from './inbox-dialog-store';

/**
 * A conversation's waiting actions answered from the inbox, without opening it: the conversation's
 * own approval dialog (risk, reasons, rules, the armed Enter key) over whatever page is open. The
 * answer names exactly the actions shown, so one the agent added since is never approved unseen
 * (the runtime answers 409 and the dialog shows the new set).
 */
export function InboxApproval({ conversationId }: { conversationId: string }) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const endReview = useInboxDialog((state) => state.endReview);
  const pending = useQuery({
    queryKey: ['inbox-approval', conversationId],
    queryFn: () => fetchPendingApproval(client, conversationId),
    staleTime: 0,
    gcTime: 0,
  });
  const actions = pending.data?.actions ?? [];
  const events = pending.data?.events ?? [];
  const suggestions = useMemo(() => suggestedRules(events, actions), [events, actions]);
  const decisions = useMemo(() => decisionsOf(events, actions), [events, actions]);
  const respond = useMutation({
    mutationFn: (choice: ApprovalChoice) =>
      unwrap(
        client.POST('/api/conversations/{id}/events/respond_to_confirmation', {
          params: { path: { id: conversationId } },
          body: confirmationBody(
            confirmationRequest(
              actions.map((action) => action.id),
              choice,
            ),
          ),
        }),
      ),
    onSuccess: (_answer, choice) => {
      if (choice.kind === 'remember' && choice.scope === 'always')
        void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      endReview();
    },
    // The set changed under the person (answered elsewhere, or more actions): show what waits now.
    onError: () => void pending.refetch(),
  });

  if (pending.isPending || (pending.isSuccess && actions.length === 0) || pending.isError) {
    return (
      <ModalDialog
        title={pending.isPending ? 'Loading the waiting actions…' : 'Nothing waits here any more'}
        onClose={endReview}
        footer={
          <button type="button" className="button" onClick={endReview}>
            Back to the inbox
          </button>
        }
      >
        {pending.isPending ? (
          <LoaderCircle size={18} className="spin" aria-hidden />
        ) : (
          <p className="inbox-dialog__empty">
            <CircleCheck size={18} aria-hidden />
            {pending.isError ? pending.error.message : 'Its actions were answered, or the run moved on.'}
          </p>
        )}
      </ModalDialog>
    );
  }
  return (
    <ApprovalDialog
      key={actions.map((action) => action.id).join(',')}
      actions={actions}
      suggestions={suggestions}
      decisions={decisions}
      onRespond={(choice) => respond.mutate(choice)}
      onDismiss={endReview}
      busy={respond.isPending}
      error={respond.error?.message}
      conversationTitle={pending.data?.info.title}
    />
  );
}
