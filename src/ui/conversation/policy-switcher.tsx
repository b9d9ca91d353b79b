import { ShieldCheck } from 'lucide-react';
import type { ConfirmationPolicy } from '../api/wire-types';
import {
  POLICY_LABELS,
  type PolicyChoice,
  policyChoiceOf,
  policyDescription,
  policyFromChoice,
} from '../approval-rules/policy-options';

/** The conversation's confirmation policy, switchable at any time (takes effect at the next action). */
export function PolicySwitcher({
  policy,
  onChange,
  busy,
}: {
  policy: ConfirmationPolicy;
  onChange: (policy: ConfirmationPolicy) => void;
  busy: boolean;
}) {
  const choice = policyChoiceOf(policy);
  return (
    <label className="policy-switcher" title={policyDescription(choice)}>
      <ShieldCheck size={14} aria-hidden />
      <span className="visually-hidden">Approval policy</span>
      <select
        className="policy-switcher__select"
        aria-label="Approval policy"
        value={choice}
        disabled={busy}
        onChange={(event) => onChange(policyFromChoice(event.target.value as PolicyChoice, policy))}
      >
        {(Object.keys(POLICY_LABELS) as PolicyChoice[]).map((value) => (
          <option key={value} value={value} title={policyDescription(value)}>
            {POLICY_LABELS[value].label}
          </option>
        ))}
      </select>
    </label>
  );
}
