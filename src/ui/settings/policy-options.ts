import type { ConfirmationPolicy } from '../api/wire-types';

export type PolicyChoice = 'never' | 'risky' | 'always';

/** Each label says exactly what the policy does: the short name, then the rule it applies. */
export const POLICY_LABELS: Record<PolicyChoice, { label: string; hint: string }> = {
  never: { label: 'Never ask', hint: 'run every action without asking' },
  risky: {
    label: 'Ask for risky',
    hint: 'ask before high-risk actions and actions the analyzers could not rate',
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
