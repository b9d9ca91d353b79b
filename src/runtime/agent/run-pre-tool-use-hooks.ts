import type { ActionEvent } from '../events';
import type { AgentContext } from './agent-context';
import { rejectionOf } from './rejection-of';

/** What the PreToolUse hooks left of a batch. */
export interface PreToolUseOutcome {
  /** The actions no hook denied, in call order. */
  actions: ActionEvent[];
  /** Action id -> the reason a hook gave for asking the person (our `decision: "ask"`). */
  asked: ReadonlyMap<string, string | undefined>;
}

/**
 * Runs the PreToolUse hooks for each parsed call of a batch, before any rule or policy. A denial
 * answers the call at once with a UserRejectObservation whose `rejection_source` is `hook` (the model
 * reads the reason) and a ConfirmationDecisionEvent decided by `hook`; it never runs and no person is
 * asked. `allow` is upstream's "no objection": the rules and the policy still decide. `ask` forces
 * the confirmation dialog, even under NeverConfirm. Never throws.
 */
export async function runPreToolUseHooks(
  actions: readonly ActionEvent[],
  context: AgentContext,
): Promise<PreToolUseOutcome> {
  const hooks = context.hooks;
  if (!hooks?.has('PreToolUse')) return { actions: [...actions], asked: new Map() };
  const kept: ActionEvent[] = [];
  const asked = new Map<string, string | undefined>();
  for (const actionEvent of actions) {
    if (!actionEvent.action || context.signal.aborted) {
      kept.push(actionEvent);
      continue;
    }
    const outcome = await hooks.run(
      {
        event_type: 'PreToolUse',
        tool_name: actionEvent.tool_name,
        tool_input: { ...actionEvent.action },
        action_id: actionEvent.id,
      },
      context.signal,
    );
    if (outcome.blocked) {
      const reason = outcome.reason ?? 'Blocked by hook';
      await context.append({
        kind: 'ConfirmationDecisionEvent',
        id: context.newId(),
        timestamp: context.now(),
        source: 'environment',
        action_id: actionEvent.id,
        decision: 'rejected',
        decided_by: 'hook',
        reason,
      });
      await context.append(
        rejectionOf(actionEvent, reason, { id: context.newId(), timestamp: context.now() }, 'hook'),
      );
      continue;
    }
    if (outcome.ask) asked.set(actionEvent.id, outcome.reason);
    kept.push(actionEvent);
  }
  return { actions: kept, asked };
}
