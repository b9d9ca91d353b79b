import type { ActionEvent, ApprovalRule, DecisionScope, Event } from '../events';
import { suggestRule } from '../security/suggest-rule';
import type { RespondToConfirmation } from './requests';
import { RuntimeError } from '../errors/runtime-error';

/** One pending action's answer, ready to record. */
export interface PlannedAnswer {
  action: ActionEvent;
  accept: boolean;
  /** `once` for every rejection: a rejection never creates a rule. */
  scope: DecisionScope;
  reason?: string;
  /** The allow rule an accept with scope conversation/always adds. */
  newRule?: ApprovalRule;
}

export const DEFAULT_REJECTION = 'The person rejected this action.';

/**
 * Turns a confirmation answer into one answer per pending action. The old body answers every pending
 * action alike. `decisions` must answer each action the person was asked about, may answer the ones
 * already allowed (by a rule or the policy: left out, they simply run), and nothing else; otherwise
 * RuntimeError `pending_actions_changed`. Pure: ids and time come in.
 */
export function planConfirmationAnswer(
  response: RespondToConfirmation,
  pending: readonly ActionEvent[],
  branch: readonly Event[],
  ports: { workspaceDir: string; newId(): string; now(): string },
): PlannedAnswer[] {
  const decisions = response.decisions;
  if (decisions === undefined) {
    const reason = response.reason?.trim();
    return pending.map((action) =>
      response.accept
        ? { action, accept: true, scope: 'once' }
        : { action, accept: false, scope: 'once', reason: reason || DEFAULT_REJECTION },
    );
  }
  const byId = new Map(decisions.map((decision) => [decision.action_id, decision]));
  const pendingIds = new Set(pending.map((action) => action.id));
  const allowed = alreadyAllowed(branch);
  const covers =
    byId.size === decisions.length &&
    decisions.every((decision) => pendingIds.has(decision.action_id)) &&
    pending.every((action) => byId.has(action.id) || allowed.has(action.id));
  if (!covers) throw new RuntimeError('pending_actions_changed');
  return pending.map((action): PlannedAnswer => {
    const decision = byId.get(action.id);
    if (!decision) return { action, accept: true, scope: 'once' };
    const reason = decision.reason?.trim();
    if (!decision.accept)
      return { action, accept: false, scope: 'once', reason: reason || DEFAULT_REJECTION };
    const scope = decision.scope ?? 'once';
    const matcher =
      decision.rule?.matcher ?? (action.action ? suggestRule(action.action, ports.workspaceDir) : undefined);
    const newRule: ApprovalRule | undefined =
      scope === 'once'
        ? undefined
        : {
            id: ports.newId(),
            tool: action.tool_name,
            // No rule to suggest (a tool without commands or paths): the person approved the tool itself.
            matcher: matcher ?? { kind: 'any' },
            effect: 'allow',
            allow_high_risk: decision.rule?.allow_high_risk ?? false,
            created_at: ports.now(),
          };
    return { action, accept: true, scope, ...(reason ? { reason } : {}), ...(newRule ? { newRule } : {}) };
  });
}

/** Actions whose latest recorded decision is `allowed` (by a rule or the policy). */
function alreadyAllowed(branch: readonly Event[]): Set<string> {
  const latest = new Map<string, string>();
  for (const event of branch)
    if (event.kind === 'ConfirmationDecisionEvent') latest.set(event.action_id, event.decision);
  return new Set([...latest].filter(([, decision]) => decision === 'allowed').map(([id]) => id));
}
