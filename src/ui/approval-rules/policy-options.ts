import type { ConfirmationPolicy } from '../api/wire-types';

export type PolicyChoice = 'never' | 'risky' | 'always';

/** Each label says exactly what the policy does: the short name, then the rule it applies. */
export const POLICY_LABELS: Record<PolicyChoice, { label: string; hint: string }> = {
  never: { label: 'Never ask', hint: 'run every action without asking' },
  risky: {
    label: 'Ask for risky',
    hint: 'ask before actions rated at or above its threshold (high by default) and actions the analyzers could not rate',
  },
  always: { label: 'Always ask', hint: 'ask before every command and file change' },
};

/** "Never ask — run every action without asking": the whole label, for menus and tooltips. */
export function policyDescription(choice: PolicyChoice): string {
  const { label, hint } = POLICY_LABELS[choice];
  return `${label} — ${hint}`;
}

export function policyChoiceOf(policy: ConfirmationPolicy): PolicyChoice {
  if (policy.kind === 'NeverConfirm') return 'never';
  return policy.kind === 'AlwaysConfirm' ? 'always' : 'risky';
}

/** The policy for a choice; switching back to "risky" keeps the threshold the conversation had. */
export function policyFromChoice(choice: PolicyChoice, current?: ConfirmationPolicy): ConfirmationPolicy {
  if (choice === 'never') return { kind: 'NeverConfirm' };
  if (choice === 'always') return { kind: 'AlwaysConfirm' };
  if (current?.kind === 'ConfirmRisky') return current;
  return { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true };
}

export type RiskThreshold = 'MEDIUM' | 'HIGH';

/** "Ask for risky" from which rating up: the two a person chooses between (LOW would ask for nearly all). */
export const THRESHOLD_LABELS: Record<RiskThreshold, string> = {
  HIGH: 'High risk only',
  MEDIUM: 'Medium and high risk',
};

/** The threshold a policy asks from; a stored LOW reads as MEDIUM, the nearest one offered. */
export function thresholdOf(policy: ConfirmationPolicy): RiskThreshold {
  return policy.kind === 'ConfirmRisky' && policy.threshold !== 'HIGH' ? 'MEDIUM' : 'HIGH';
}

/** The policy with a new threshold; only "Ask for risky" has one, the others are returned unchanged. */
export function withThreshold(policy: ConfirmationPolicy, threshold: RiskThreshold): ConfirmationPolicy {
  return policy.kind === 'ConfirmRisky' ? { ...policy, threshold } : policy;
}
