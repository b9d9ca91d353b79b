import { ShieldCheck, ShieldQuestionMark, ShieldX } from 'lucide-react';
import type { ConfirmationDecisionEvent } from '../api/wire-types';
import { finalDecision } from '../conversation-store/final-decision';

const ICONS = { allowed: ShieldCheck, rejected: ShieldX, asked: ShieldQuestionMark } as const;

/** One quiet line on an action card saying who decided whether it could run. */
export function DecisionLine({ decisions }: { decisions: readonly ConfirmationDecisionEvent[] }) {
  const text = finalDecision(decisions);
  if (!text) return null;
  const Icon = ICONS[text.verdict];
  return (
    <p className={`decision-line decision-line--${text.verdict}`} data-testid="decision-line">
      <Icon size={13} aria-hidden />
      <span>
        {text.lead}
        {text.rule ? (
          <>
            {' '}
            <code className="decision-line__rule">{text.rule}</code>
          </>
        ) : null}
        {text.tail ? ` ${text.tail}` : null}
      </span>
    </p>
  );
}
