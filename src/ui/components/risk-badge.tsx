import type { SecurityRisk } from '../api/wire-types';
import './risk-badge.css';

const RISK_LABELS: Record<SecurityRisk, string> = {
  LOW: 'Low risk',
  MEDIUM: 'Medium risk',
  HIGH: 'High risk',
  UNKNOWN: 'Unrated risk',
};

/** The risk level of an action in its colour: LOW green, MEDIUM amber, HIGH red, UNKNOWN grey. */
export function RiskBadge({ risk, reasons }: { risk: SecurityRisk; reasons?: readonly string[] }) {
  const title =
    reasons && reasons.length > 0 ? `${RISK_LABELS[risk]}: ${reasons.join('; ')}` : RISK_LABELS[risk];
  return (
    <span className={`risk-badge risk-badge--${risk.toLowerCase()}`} title={title} data-risk={risk}>
      <span className="risk-badge__dot" aria-hidden />
      {RISK_LABELS[risk]}
    </span>
  );
}
