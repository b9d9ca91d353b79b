import { CircleExclamationPoint } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
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
  // A change builds on the list as last saved or received, not on the one last rendered: a second
  // change can come before React has drawn the first (a fast user, a busy page), and saving the
  // rendered list would then undo the first. A save that failed is not built on: the next change
  // starts again from the list given.
  const latest = useRef<readonly ApprovalRuleInput[]>(rules);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new error (a failed save) resets it too
  useLayoutEffect(() => {
    latest.current = rules;
  }, [rules, error]);
  const save = (next: ApprovalRuleInput[]) => {
    latest.current = next;
    onSave(next);
  };
  const replace = (
    shown: ApprovalRule,
    index: number,
    update: ((rule: ApprovalRuleInput) => ApprovalRuleInput) | null,
  ) =>
    save(
      latest.current.flatMap((current, at) =>
        (shown.id ? current.id !== shown.id : at !== index) ? [current] : update ? [update(current)] : [],
      ),
    );
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
              onChange={(update) => replace(rule, index, update)}
              onDelete={() => replace(rule, index, null)}
            />
          ))}
        </ul>
      )}
      {canAdd ? <NewApprovalRule busy={busy} onAdd={(rule) => save([...latest.current, rule])} /> : null}
      {error ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>{error}</span>
        </div>
      ) : null}
    </div>
  );
}
