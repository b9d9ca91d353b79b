import type { ApprovalRuleMatcher, ApprovalScope, ConfirmationAnswer } from '../api/wire-types';

export type RowChoice = 'approve' | 'reject';

/** What the person decided in the approval dialog, before it becomes a request body. */
export type ApprovalChoice =
  | { kind: 'all'; accept: boolean; reason?: string }
  | {
      kind: 'remember';
      actionId: string;
      scope: ApprovalScope;
      matcher: ApprovalRuleMatcher;
      allowHighRisk: boolean;
    }
  | { kind: 'each'; choices: ReadonlyMap<string, RowChoice>; reason?: string };

export interface ConfirmationRequest {
  accept: boolean;
  reason?: string;
  actionIds: string[];
  decisions?: ConfirmationAnswer[];
}

/**
 * The respond_to_confirmation body for a choice. "Approve/reject all" keeps the plain form; a rule
 * to remember or per-action choices use `decisions`, which cover exactly the pending actions.
 */
export function confirmationRequest(
  actionIds: readonly string[],
  choice: ApprovalChoice,
): ConfirmationRequest {
  const ids = [...actionIds];
  if (choice.kind === 'all')
    return { accept: choice.accept, reason: choice.reason || undefined, actionIds: ids };
  if (choice.kind === 'remember') {
    const rule = { matcher: choice.matcher, allow_high_risk: choice.allowHighRisk };
    return {
      accept: true,
      actionIds: ids,
      decisions: ids.map((id) =>
        id === choice.actionId
          ? { action_id: id, accept: true, scope: choice.scope, rule }
          : { action_id: id, accept: true },
      ),
    };
  }
  const decisions = ids.map((id): ConfirmationAnswer => {
    const accept = (choice.choices.get(id) ?? 'approve') === 'approve';
    return accept ? { action_id: id, accept } : { action_id: id, accept, reason: choice.reason || undefined };
  });
  return { accept: decisions.some((decision) => decision.accept), actionIds: ids, decisions };
}

/** The request as respond_to_confirmation's body: `action_ids` always, so a changed set is refused (409). */
export function confirmationBody(request: ConfirmationRequest) {
  return {
    accept: request.accept,
    reason: request.reason,
    action_ids: request.actionIds,
    ...(request.decisions ? { decisions: request.decisions } : {}),
  };
}

/** How a suggested rule reads in a button: the command prefix or path glob, or "every action". */
export function matcherLabel(matcher: ApprovalRuleMatcher): string {
  if (matcher.kind === 'command_prefix') return matcher.prefix;
  if (matcher.kind === 'path_glob') return matcher.glob;
  return 'every action of this tool';
}
