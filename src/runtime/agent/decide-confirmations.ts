import type { ActionEvent, ConfirmationDecisionEvent, NewEvent } from '../events';
import { rejectionOf } from './rejection-of';
import { evaluateApprovalRules } from '../security/evaluate-approval-rules';
import { needsConfirmation } from '../security/needs-confirmation';
import { readLeavesWorkspace } from '../security/read-leaves-workspace';
import { ruleLabel } from '../security/rule-label';
import { suggestRule } from '../security/suggest-rule';
import type { AgentContext } from './agent-context';

export interface ConfirmationOutcome {
  /** Some action was asked about: the run waits for the person. */
  wait: boolean;
  /** The actions still to run (denied ones were answered with a rejection). */
  runnable: ActionEvent[];
}

type DecisionFields = Omit<
  ConfirmationDecisionEvent,
  'kind' | 'id' | 'seq' | 'timestamp' | 'source' | 'parent_id' | 'action_id'
>;

/**
 * Decides, before anything runs or waits, how each non-read-only action of a batch is confirmed:
 * rules first (conversation, then global), then the policy. Appends one ConfirmationDecisionEvent per
 * rule decision and per question asked, and a UserRejectObservation naming the rule for each denied
 * action. Actions the policy lets through without a rule are recorded only when the batch waits (so
 * the dialog can show them); otherwise, the common case, the log stays lean. Read-only tools are never
 * asked about, except a search outside the workspace under AlwaysConfirm. An action a PreToolUse
 * hook asked about (`hookAsked`) is asked whatever the policy, unless a deny rule rejects it.
 */
export function decideConfirmations(
  actions: readonly ActionEvent[],
  context: AgentContext,
  hookAsked: ReadonlyMap<string, string | undefined> = new Map(),
): ConfirmationOutcome {
  const policy = context.confirmationPolicy();
  const rules = context.approvalRules();
  let wait = false;
  const runnable: ActionEvent[] = [];
  const allowedByPolicy: ActionEvent[] = [];
  for (const actionEvent of actions) {
    const action = actionEvent.action;
    if (hookAsked.has(actionEvent.id) && !deniedByRule(actionEvent, context)) {
      // A PreToolUse hook asked for the person: the dialog opens whatever the policy or an allow rule says.
      const reason = hookAsked.get(actionEvent.id);
      record(context, actionEvent, { decision: 'asked', decided_by: 'hook', ...(reason ? { reason } : {}) });
      wait = true;
      runnable.push(actionEvent);
      continue;
    }
    if (!action || context.toolset.get(actionEvent.tool_name)?.readOnly) {
      // A search outside the workspace (the saved outputs) is the one read "Always ask" asks about.
      if (action && policy.kind === 'AlwaysConfirm' && readLeavesWorkspace(action, context.workspaceDir)) {
        record(context, actionEvent, { decision: 'asked', decided_by: 'policy' });
        wait = true;
      }
      runnable.push(actionEvent);
      continue;
    }
    const { verdict, highRiskAllowSkipped } = evaluateApprovalRules({
      toolName: actionEvent.tool_name,
      action,
      risk: actionEvent.security_risk,
      workspaceDir: context.workspaceDir,
      conversationRules: rules.conversation,
      globalRules: rules.global,
    });
    // A memory proposal is the person's to accept: no policy or allow rule answers for them.
    const personOnly = action.kind === 'MemoryProposeAction';
    const named = verdict && {
      id: verdict.rule.id,
      label: ruleLabel(verdict.rule.tool, verdict.rule.matcher),
      scope: verdict.scope,
    };
    if (verdict?.effect === 'allow' && named && !personOnly) {
      record(context, actionEvent, { decision: 'allowed', decided_by: 'rule', rule: named });
      runnable.push(actionEvent);
    } else if (verdict?.effect === 'deny' && named) {
      const reason = `Rejected by the approval rule \`${named.label}\` (${named.scope}): this action is not allowed here.`;
      record(context, actionEvent, { decision: 'rejected', decided_by: 'rule', rule: named, reason });
      void context.append(
        rejectionOf(actionEvent, reason, { id: context.newId(), timestamp: context.now() }, 'hook'),
      );
    } else if (
      personOnly ||
      verdict?.effect === 'ask' ||
      needsConfirmation(policy, actionEvent.security_risk)
    ) {
      const suggested = suggestRule(action, context.workspaceDir);
      const skipped = highRiskAllowSkipped;
      record(context, actionEvent, {
        decision: 'asked',
        decided_by: verdict && !(personOnly && verdict.effect === 'allow') ? 'rule' : 'policy',
        ...(named && !(personOnly && verdict?.effect === 'allow') ? { rule: named } : {}),
        ...(personOnly && verdict?.effect !== 'ask'
          ? { reason: 'A proposal to MEMORY.md always waits for you: only what you accept is written.' }
          : {}),
        ...(skipped && !verdict && !personOnly
          ? {
              reason: `The rule \`${ruleLabel(skipped.rule.tool, skipped.rule.matcher)}\` (${skipped.scope}) does not allow HIGH-risk actions.`,
            }
          : {}),
        ...(suggested ? { suggested_rule: { tool: actionEvent.tool_name, matcher: suggested } } : {}),
      });
      wait = true;
      runnable.push(actionEvent);
    } else {
      allowedByPolicy.push(actionEvent);
      runnable.push(actionEvent);
    }
  }
  // Only when the batch waits: then the dialog can show what runs after the answer without a question.
  if (wait) for (const actionEvent of allowedByPolicy) record(context, actionEvent, ALLOWED_BY_POLICY);
  return { wait, runnable };
}

/** A deny rule still wins over a hook's ask: what the person forbade never reaches the dialog. */
function deniedByRule(actionEvent: ActionEvent, context: AgentContext): boolean {
  if (!actionEvent.action) return false;
  const rules = context.approvalRules();
  const { verdict } = evaluateApprovalRules({
    toolName: actionEvent.tool_name,
    action: actionEvent.action,
    risk: actionEvent.security_risk,
    workspaceDir: context.workspaceDir,
    conversationRules: rules.conversation,
    globalRules: rules.global,
  });
  return verdict?.effect === 'deny';
}

const ALLOWED_BY_POLICY: DecisionFields = { decision: 'allowed', decided_by: 'policy' };

function record(context: AgentContext, actionEvent: ActionEvent, fields: DecisionFields): void {
  const event: NewEvent = {
    kind: 'ConfirmationDecisionEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    action_id: actionEvent.id,
    ...fields,
  };
  void context.append(event);
}
