import { useId } from 'react';
import type { ConfirmationPolicy, Settings } from '../api/wire-types';
import { ANALYZER_LABELS, type AnalyzerKind } from './analyzer-options';
import './approval-tuning-fields.css';
import { THRESHOLD_LABELS, type RiskThreshold, thresholdOf, withThreshold } from './policy-options';

type SecurityAnalyzer = Settings['security_analyzer'];

/**
 * The two knobs behind "Ask for risky": from which rating it asks (medium or high) and who rates
 * (pattern rules, the model, or both). Shared by the settings (defaults for new conversations) and a
 * conversation's own approvals. The threshold is disabled, with the reason, unless the policy is
 * "Ask for risky": the other policies ask always or never, whatever the rating.
 */
export function ApprovalTuningFields({
  policy,
  analyzer,
  onPolicy,
  onAnalyzer,
  disabled = false,
}: {
  policy: ConfirmationPolicy;
  analyzer: SecurityAnalyzer;
  onPolicy: (policy: ConfirmationPolicy) => void;
  onAnalyzer: (analyzer: SecurityAnalyzer) => void;
  disabled?: boolean;
}) {
  const thresholdId = useId();
  const analyzerId = useId();
  const risky = policy.kind === 'ConfirmRisky';
  return (
    <div className="approval-tuning">
      <div className="field">
        <label className="field__label" htmlFor={thresholdId}>
          Ask for risky from
        </label>
        <select
          id={thresholdId}
          className="select"
          value={thresholdOf(policy)}
          disabled={disabled || !risky}
          onChange={(event) => onPolicy(withThreshold(policy, event.target.value as RiskThreshold))}
          data-testid="risk-threshold"
        >
          {(Object.keys(THRESHOLD_LABELS) as RiskThreshold[]).map((value) => (
            <option key={value} value={value}>
              {THRESHOLD_LABELS[value]}
            </option>
          ))}
        </select>
        <span className="field__hint">
          {risky
            ? 'Unrated actions always ask.'
            : 'Only for “Ask for risky”: the other policies ask always or never.'}
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={analyzerId}>
          Risk rated by
        </label>
        <select
          id={analyzerId}
          className="select"
          value={analyzer.kind}
          disabled={disabled}
          onChange={(event) => onAnalyzer({ kind: event.target.value as AnalyzerKind })}
          data-testid="risk-analyzer"
        >
          {(Object.keys(ANALYZER_LABELS) as AnalyzerKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {ANALYZER_LABELS[kind].label}
            </option>
          ))}
        </select>
        <span className="field__hint">{ANALYZER_LABELS[analyzer.kind].hint}.</span>
      </div>
    </div>
  );
}
