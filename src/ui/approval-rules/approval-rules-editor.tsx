import { CircleExclamationPoint } from 'lucide-react';
import type { ApprovalRule, ApprovalRuleInput } from '../api/wire-types';
import { ApprovalRuleRow } from './approval-rule-row';
import { NewApprovalRule } from './new-approval-rule';
import './approval-rules.css';

/**
 * A list of approval rules, edited in place: every change saves the whole list at once (`onSave`
 * replaces it, as PATCH does). Rules are checked before the policy; the first match decides.
 */
export function ApprovalRulesEditor({
  rules,
  onSave,
  busy,
  error,
  canAdd = true,
  emptyText,
}: {
  rules: readonly ApprovalRule[];
  onSave: (rules: ApprovalRuleInput[]) => void;
  busy: boolean;
  error: string | undefined;
  canAdd?: boolean;
  emptyText: string;
}) {
  const replace = (index: number, rule: ApprovalRule | null) =>
    onSave(rules.flatMap((current, at) => (at !== index ? [current] : rule ? [rule] : [])));
  return (
    <div className="approval-rules">
      {rules.length === 0 ? (
        <p className="approval-rules__empty">{emptyText}</p>
      ) : (
        <ul className="approval-rules__list" aria-label="Approval rules">
          {rules.map((rule, index) => (
            <ApprovalRuleRow
              key={rule.id}
              rule={rule}
              busy={busy}
              onChange={(changed) => replace(index, changed)}
              onDelete={() => replace(index, null)}
            />
          ))}
        </ul>
      )}
      {canAdd ? <NewApprovalRule busy={busy} onAdd={(rule) => onSave([...rules, rule])} /> : null}
      {error ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>{error}</span>
        </div>
      ) : null}
    </div>
  );
}
