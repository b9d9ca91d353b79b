import { useMutation } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { BudgetEvent, ConversationInfo } from '../api/wire-types';
import type { BudgetKey } from './budget-drafts';
import { budgetFromText, formatUsd } from './budget-text';
import './budgets.css';

const FIELD: Record<NonNullable<BudgetEvent['budget']>, BudgetKey> = {
  run: 'max_budget_per_run',
  conversation: 'max_budget_per_conversation',
  automation: 'max_budget_per_automation_run',
};

const WHOSE: Record<NonNullable<BudgetEvent['budget']>, string> = {
  run: "this run's budget",
  conversation: "the conversation's budget",
  automation: "the automation's budget for a run",
};

/** A new limit to offer: double the old one, and at least half again what was spent. Pure. */
export function suggestedLimit(limit: number, spent: number): number {
  return Math.ceil(Math.max(limit * 2, spent * 1.5) * 100) / 100;
}

/**
 * The run paused at a budget: a calm card (not an error) saying which budget, its limit and the
 * spend, with "Raise budget and resume". The new limit must be above the spend, else the run would
 * pause again at once; it is saved on the conversation, then the run resumes.
 */
export function BudgetPauseCard({
  conversationId,
  event,
  onInfo,
}: {
  conversationId: string;
  event: BudgetEvent;
  onInfo: (info: ConversationInfo) => void;
}) {
  const { client } = useApi();
  const budget = event.budget ?? 'run';
  const limit = event.limit_usd ?? 0;
  const spent = event.spent_usd ?? 0;
  const [text, setText] = useState(() => String(suggestedLimit(limit, spent)));
  const parsed = budgetFromText(text);
  const problem = !parsed.ok
    ? parsed.message
    : parsed.usd === null
      ? 'Give a new limit'
      : parsed.usd <= spent
        ? `Raise it above what was spent (${formatUsd(spent)}), or the run pauses again at once`
        : undefined;
  const path = { params: { path: { id: conversationId } } };
  const raise = useMutation({
    mutationFn: async (usd: number) => {
      await unwrap(
        client.PATCH('/api/conversations/{id}', { ...path, body: { budgets: { [FIELD[budget]]: usd } } }),
      );
      onInfo(await unwrap(client.GET('/api/conversations/{id}', path)));
      await unwrap(client.POST('/api/conversations/{id}/run', { ...path, body: {} }));
    },
  });
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (problem === undefined && parsed.ok && parsed.usd !== null) raise.mutate(parsed.usd);
  };
  return (
    <form className="budget-pause notice" data-testid="budget-pause-card" onSubmit={submit}>
      <Wallet size={16} aria-hidden />
      <div className="budget-pause__body">
        <p className="budget-pause__text">
          <strong>Paused at {WHOSE[budget]}</strong>: {formatUsd(spent)} spent of {formatUsd(limit)}. Nothing
          was lost; raise the budget to let the agent go on.
        </p>
        <div className="budget-pause__row">
          <label className="budget-pause__field">
            <span>New limit (USD)</span>
            <input
              className="input"
              inputMode="decimal"
              value={text}
              aria-invalid={problem ? true : undefined}
              data-testid="budget-new-limit"
              onChange={(changed) => setText(changed.target.value)}
            />
          </label>
          <button type="submit" className="button button--small button--primary" disabled={raise.isPending}>
            Raise budget and resume
          </button>
        </div>
        {problem || raise.isError ? (
          <span className="field__hint field__hint--warning" role="alert">
            {problem ?? `Could not resume: ${raise.error?.message}`}
          </span>
        ) : null}
      </div>
    </form>
  );
}
