import { useMutation } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { ApprovalRule, ApprovalRuleInput, ConversationInfo } from '../api/wire-types';
import { ModalDialog } from '../components/modal-dialog';
import { ApprovalRulesEditor } from './approval-rules-editor';

/**
 * The conversation's own approval rules ("Allow for this conversation" creates them): a small header
 * button with their count, opening a dialog to edit or delete them. `onInfo` receives the
 * conversation as the runtime has it after every change.
 */
export function ConversationRulesButton({
  conversationId,
  rules,
  onInfo,
}: {
  conversationId: string;
  rules: readonly ApprovalRule[];
  onInfo: (info: ConversationInfo) => void;
}) {
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
          title="Rules for this conversation"
          description="Checked before the global rules and the policy. “Allow for this conversation” adds them."
          icon={<ListChecks size={17} />}
          onClose={() => setOpen(false)}
          className="conversation-rules-dialog"
          width={600}
        >
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
