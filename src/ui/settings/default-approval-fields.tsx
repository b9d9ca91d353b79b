import type { ConfirmationPolicy, Settings } from '../api/wire-types';
import { ApprovalTuningFields } from '../approval-rules/approval-tuning-fields';
import {
  POLICY_LABELS,
  type PolicyChoice,
  policyChoiceOf,
  policyDescription,
  policyFromChoice,
} from '../approval-rules/policy-options';

type SecurityAnalyzer = Settings['security_analyzer'];

/**
 * The settings' defaults for new conversations: when to ask, from which risk, and who rates it.
 * Switching back to "Ask for risky" keeps the threshold the draft had, else the saved one (`saved`).
 */
export function DefaultApprovalFields({
  policy,
  analyzer,
  saved,
  onChange,
}: {
  policy: ConfirmationPolicy;
  analyzer: SecurityAnalyzer;
  saved: ConfirmationPolicy;
  onChange: (patch: { policy?: ConfirmationPolicy; analyzer?: SecurityAnalyzer }) => void;
}) {
  const choice = policyChoiceOf(policy);
  const switchTo = (next: PolicyChoice) =>
    policyFromChoice(next, policy.kind === 'ConfirmRisky' ? policy : saved);
  return (
    <>
      <label className="field">
        <span className="field__label">Ask before actions</span>
        <select
          className="select"
          value={choice}
          onChange={(event) => onChange({ policy: switchTo(event.target.value as PolicyChoice) })}
        >
          {(Object.keys(POLICY_LABELS) as PolicyChoice[]).map((value) => (
            <option key={value} value={value} title={policyDescription(value)}>
              {POLICY_LABELS[value].label}
            </option>
          ))}
        </select>
        <span className="field__hint" data-testid="policy-hint">
          {policyDescription(choice)}. For new conversations; each conversation can switch it.
        </span>
      </label>
      <ApprovalTuningFields
        policy={policy}
        analyzer={analyzer}
        onPolicy={(next) => onChange({ policy: next })}
        onAnalyzer={(next) => onChange({ analyzer: next })}
      />
    </>
  );
}
