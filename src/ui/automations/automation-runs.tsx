import { Link } from 'wouter';
import { formatUsd } from '../budgets/budget-text';
import { STATUS_LABELS } from '../components/status-labels';
import { describeRun, formatWhen } from './describe-run';
import { useAutomationRuns } from './use-automations';
import { type RunConversationState, useConversationStatuses } from './use-conversation-statuses';

/** The run history, newest first, each started run linked to its conversation. */
export function AutomationRuns({ automationId }: { automationId: string }) {
  const runs = useAutomationRuns(automationId);
  const items = runs.data?.items ?? [];
  // The runtime caps a batch at 99 ids; the history holds at most 50 runs.
  const statuses = useConversationStatuses(
    items.flatMap((run) => (run.conversation_id ? [run.conversation_id] : [])),
  );
  return (
    <section className="automation-runs" aria-labelledby="automation-runs-heading">
      <h2 id="automation-runs-heading" className="automations__heading">
        Run history
      </h2>
      {runs.isError ? <p className="notice notice--error">{runs.error.message}</p> : null}
      {items.length === 0 && runs.isSuccess ? <p className="automations__empty">No runs yet.</p> : null}
      <ul className="automation-runs__items" data-testid="automation-runs">
        {items.map((run) => (
          <li
            key={run.id}
            className={`automation-runs__item automation-runs__item--${run.status}`}
            data-status={run.status}
          >
            <span className="automation-runs__when">{formatWhen(run.created_at)}</span>
            <span className="automation-runs__what">{describeRun(run)}</span>
            {run.conversation_id ? (
              <ConversationLink id={run.conversation_id} status={statuses.get(run.conversation_id)} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The conversation's status now (null: deleted; undefined: not known yet) and the link to it. A run
 * paused at a budget says so, with the spend against the limit: raising it is done in the conversation.
 */
function ConversationLink({ id, status }: { id: string; status: RunConversationState | null | undefined }) {
  if (status === null) return <span className="automation-runs__status">conversation deleted</span>;
  const pause = status?.budgetPause;
  return (
    <>
      {pause ? (
        <span
          className="automation-runs__status automation-runs__status--budget"
          data-testid="run-budget-stop"
        >
          Stopped at budget: {formatUsd(pause.spent_usd)} of {formatUsd(pause.limit_usd)}
        </span>
      ) : status ? (
        <span className="automation-runs__status">{STATUS_LABELS[status.status].label}</span>
      ) : null}
      <Link href={`/conversations/${id}`} className="automation-runs__link">
        Open conversation
      </Link>
    </>
  );
}
