import { useMutation } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { Budgets, ConversationInfo } from '../api/wire-types';
import { ModalDialog } from '../components/modal-dialog';
import { type BudgetDrafts, type BudgetKey, budgetsOfDrafts, draftsOf } from './budget-drafts';
import { BudgetFields } from './budget-fields';
import { formatUsd } from './budget-text';

/**
 * The conversation's budgets from its header: a small button with the tightest limit, opening a
 * dialog to change them. The automation budget shows only when the conversation has one (an
 * automation's run). `onInfo` receives the conversation as the runtime has it after a save.
 */
export function ConversationBudgetButton({
  conversationId,
  budgets,
  onInfo,
}: {
  conversationId: string;
  budgets: Budgets | undefined;
  onInfo: (info: ConversationInfo) => void;
}) {
  const { client } = useApi();
  const [drafts, setDrafts] = useState<BudgetDrafts | null>(null);
  const [errors, setErrors] = useState<Partial<Record<BudgetKey, string>>>({});
  const path = { params: { path: { id: conversationId } } };
  const save = useMutation({
    mutationFn: async (next: Budgets) => {
      await unwrap(client.PATCH('/api/conversations/{id}', { ...path, body: { budgets: next } }));
      onInfo(await unwrap(client.GET('/api/conversations/{id}', path)));
    },
    onSuccess: () => setDrafts(null),
  });
  const keys: BudgetKey[] =
    budgets?.max_budget_per_automation_run != null
      ? ['max_budget_per_run', 'max_budget_per_conversation', 'max_budget_per_automation_run']
      : ['max_budget_per_run', 'max_budget_per_conversation'];
  const limits = keys.flatMap((key) => (budgets?.[key] != null ? [budgets[key] as number] : []));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!drafts) return;
    const parsed = budgetsOfDrafts(drafts);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(parsed.budgets);
  };
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          save.reset();
          setErrors({});
          setDrafts(draftsOf(budgets));
        }}
        title="What this conversation may spend"
        data-testid="conversation-budget-button"
      >
        <Wallet size={14} aria-hidden />
        {limits.length > 0 ? `Budget · ${formatUsd(Math.min(...limits))}` : 'Budget'}
      </button>
      {drafts ? (
        <ModalDialog
          title="Budget for this conversation"
          description="Reaching a budget pauses the run; raise it to go on. Empty: no limit."
          icon={<Wallet size={17} />}
          onClose={() => setDrafts(null)}
          footer={
            <button
              type="submit"
              form="conversation-budget-form"
              className="button button--primary"
              disabled={save.isPending}
            >
              Save
            </button>
          }
          status={
            save.isError ? (
              <span className="field__hint field__hint--warning" role="alert">
                Could not save: {save.error.message}
              </span>
            ) : undefined
          }
        >
          <form id="conversation-budget-form" onSubmit={submit}>
            <BudgetFields drafts={drafts} onChange={setDrafts} errors={errors} keys={keys} />
          </form>
        </ModalDialog>
      ) : null}
    </>
  );
}
