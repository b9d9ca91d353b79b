import { Link } from 'wouter';
import type { Automation } from '../../client/automation-types';
import { describeRun, formatWhen } from './describe-run';

/** Every automation: its name, what starts it, when it runs next and how its last run went. */
export function AutomationList({
  automations,
  selectedId,
}: {
  automations: Automation[];
  selectedId?: string;
}) {
  if (automations.length === 0) {
    return (
      <p className="automations__empty">
        No automations yet. An automation starts a conversation on a schedule or when a webhook is called.
      </p>
    );
  }
  return (
    <ul className="automation-list" data-testid="automation-list">
      {automations.map((automation) => (
        <li key={automation.id}>
          <Link
            href={`/automations/${automation.id}`}
            className={`automation-list__item ${automation.id === selectedId ? 'automation-list__item--active' : ''}`}
            aria-current={automation.id === selectedId ? 'page' : undefined}
          >
            <span className="automation-list__name">
              {automation.name}
              {automation.enabled ? null : <span className="automation-list__off"> (disabled)</span>}
            </span>
            <span className="automation-list__detail">{triggersOf(automation)}</span>
            <span className="automation-list__detail">
              Next run: {automation.next_run_at ? formatWhen(automation.next_run_at) : '—'}
            </span>
            <span className="automation-list__detail" data-testid="automation-last-result">
              Last result: {automation.last_run ? describeRun(automation.last_run) : 'none yet'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function triggersOf(automation: Automation): string {
  const triggers = [
    automation.schedule_description ? `Runs ${automation.schedule_description}` : undefined,
    automation.webhook ? 'webhook' : undefined,
  ].filter(Boolean);
  return triggers.length > 0 ? triggers.join(' · ') : 'Run by hand only';
}
