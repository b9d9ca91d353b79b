import type { ConfirmationPolicy } from '../api/wire-types';

export type PolicyChoice = 'never' | 'risky' | 'always';

export const POLICY_LABELS: Record<PolicyChoice, { label: string; hint: string }> = {
  never: { label: 'Never ask', hint: 'Run every action without asking' },
  risky: { label: 'Ask for risky', hint: 'Ask before high-risk or unrated actions' },
  always: { label: 'Always ask', hint: 'Ask before every action' },
};

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
