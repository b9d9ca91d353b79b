import { Link } from 'wouter';
import { useAutomationRuns } from './use-automations';
import { describeRun, formatWhen } from './describe-run';

/** The run history, newest first, each started run linked to its conversation. */
export function AutomationRuns({ automationId }: { automationId: string }) {
  const runs = useAutomationRuns(automationId);
  const items = runs.data?.items ?? [];
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
              <Link href={`/conversations/${run.conversation_id}`} className="automation-runs__link">
                Open conversation
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
