import { Infinity as InfinityIcon, MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import type { ApprovalScope, ConfirmationDecisionEvent, SecurityRisk } from '../api/wire-types';
import { matcherLabel } from './approval-answers';

type SuggestedRule = NonNullable<ConfirmationDecisionEvent['suggested_rule']>;

/**
 * "Allow for this conversation" and "Always allow": each names the rule it will create. A rule does
 * not let high-risk actions through unless the person ticks "also high-risk".
 */
export function ApprovalRemember({
  rule,
  risk,
  busy,
  onRemember,
}: {
  rule: SuggestedRule;
  risk: SecurityRisk;
  busy: boolean;
  onRemember: (scope: Exclude<ApprovalScope, 'once'>, allowHighRisk: boolean) => void;
}) {
  const [allowHighRisk, setAllowHighRisk] = useState(false);
  const highRiskId = useId();
  const label = matcherLabel(rule.matcher);
  const high = risk === 'HIGH';
  return (
    <section className="approval-remember" aria-label="Remember this decision">
      <div className="approval-remember__options">
        <button
          type="button"
          className="approval-remember__option"
          disabled={busy}
          onClick={() => onRemember('conversation', allowHighRisk)}
          data-testid="allow-for-conversation"
        >
          <MessageSquare size={14} aria-hidden />
          <span className="approval-remember__title">Allow for this conversation</span>
          <span className="approval-remember__rule">
            Allow <code>{label}</code> for this conversation
          </span>
        </button>
        <button
          type="button"
          className="approval-remember__option"
          disabled={busy}
          onClick={() => onRemember('always', allowHighRisk)}
          data-testid="allow-always"
        >
          <InfinityIcon size={14} aria-hidden />
          <span className="approval-remember__title">Always allow</span>
          <span className="approval-remember__rule">
            Allow <code>{label}</code> in every conversation
          </span>
        </button>
      </div>
      {high ? (
        <div className="approval-remember__high">
          <input
            id={highRiskId}
            type="checkbox"
            checked={allowHighRisk}
            onChange={(event) => setAllowHighRisk(event.target.checked)}
          />
          <label htmlFor={highRiskId}>
            Also high-risk.{' '}
            <span className="approval-remember__hint">
              Without it, the rule will not auto-allow high-risk actions like this one: they still ask.
            </span>
          </label>
        </div>
      ) : null}
    </section>
  );
}
