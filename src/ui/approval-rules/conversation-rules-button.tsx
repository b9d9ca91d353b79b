import { useMutation } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { ApprovalRuleInput, ConfirmationPolicy, ConversationInfo } from '../api/wire-types';
import { ModalDialog } from '../components/modal-dialog';
import { ApprovalTuningFields } from './approval-tuning-fields';
import { ApprovalRulesEditor } from './approval-rules-editor';

/**
 * The conversation's own approvals: a small header button with its rules' count ("Allow for this
 * conversation" creates them), opening a dialog with the "Ask for risky" threshold, the risk analyzer
 * and the rules to edit or delete. `onInfo` receives the conversation as the runtime has it after
 * every change.
 */
export function ConversationRulesButton({
  conversationId,
  info,
  onInfo,
}: {
  conversationId: string;
  info: ConversationInfo;
  onInfo: (info: ConversationInfo) => void;
}) {
  const rules = info.approval_rules ?? [];
  const { client } = useApi();
  const [open, setOpen] = useState(false);
  const path = { params: { path: { id: conversationId } } };
  const refresh = () => unwrap(client.GET('/api/conversations/{id}', path)).then(onInfo);
  const save = useMutation({
    mutationFn: async (next: ApprovalRuleInput[]) => {
      await unwrap(client.PATCH('/api/conversations/{id}', { ...path, body: { approval_rules: next } }));
      await refresh();
    },
  });
  const tune = useMutation({
    mutationFn: async (change: {
      policy?: ConfirmationPolicy;
      analyzer?: ConversationInfo['security_analyzer'];
    }) => {
      if (change.policy)
        await unwrap(
          client.POST('/api/conversations/{id}/confirmation_policy', {
            ...path,
            body: { policy: change.policy },
          }),
        );
      if (change.analyzer)
        await unwrap(
          client.POST('/api/conversations/{id}/security_analyzer', {
            ...path,
            body: { security_analyzer: change.analyzer },
          }),
        );
      await refresh();
    },
  });
  // Rules may have been added by the approval dialog since the info was loaded: show the latest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh only when the dialog opens
  useEffect(() => {
    if (open) void refresh().catch(() => undefined); // the list on screen stays; a failed save shows its error
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small conversation-rules-button"
        onClick={() => setOpen(true)}
        title="Approval rules of this conversation"
        data-testid="conversation-rules-button"
      >
        <ListChecks size={14} aria-hidden />
        Rules{rules.length ? ` · ${rules.length}` : ''}
      </button>
      {open ? (
        <ModalDialog
          title="Approvals for this conversation"
          description="When this conversation asks for approval, and its own rules. They come before the global rules and the policy; “Allow for this conversation” adds them."
          icon={<ListChecks size={17} />}
          onClose={() => setOpen(false)}
          className="conversation-rules-dialog"
          width={600}
        >
          <ApprovalTuningFields
            policy={info.confirmation_policy}
            analyzer={info.security_analyzer}
            onPolicy={(policy) => tune.mutate({ policy })}
            onAnalyzer={(analyzer) => tune.mutate({ analyzer })}
            disabled={tune.isPending}
          />
          {tune.isError ? (
            <p className="field__hint field__hint--warning" role="alert">
              Could not change it: {tune.error.message}
            </p>
          ) : null}
          <ApprovalRulesEditor
            rules={rules}
            onSave={(next) => save.mutate(next)}
            busy={save.isPending}
            error={save.error?.message}
            canAdd={false}
            emptyText="No rules for this conversation. Every action follows the global rules and the policy."
          />
        </ModalDialog>
      ) : null}
    </>
  );
}
