import type { ConfirmationDecisionEvent } from '../events';

/**
 * One line for people about how an action's confirmation was decided, e.g. "Allowed by rule
 * `npm test` (conversation)", "Approved by you (once)", "Asked: no rule matched".
 */
export function describeDecision(event: ConfirmationDecisionEvent): string {
  const rule = event.rule ? `rule \`${event.rule.label}\` (${event.rule.scope})` : undefined;
  const reason = event.reason ? `: ${event.reason}` : '';
  switch (event.decided_by) {
    case 'user': {
      const verb = event.decision === 'allowed' ? 'Approved' : 'Rejected';
      const created = event.rule ? `, added rule \`${event.rule.label}\` (${event.rule.scope})` : '';
      return `${verb} by you (${event.scope ?? 'once'}${created})${reason}`;
    }
    case 'rule':
      if (event.decision === 'allowed') return `Allowed by ${rule ?? 'a rule'}`;
      if (event.decision === 'rejected') return `Rejected by ${rule ?? 'a rule'}`;
      return `Asked: ${rule ?? 'a rule'} says ask`;
    case 'policy':
      if (event.decision === 'allowed') return 'Allowed by the confirmation policy';
      if (event.decision === 'rejected') return `Rejected by the confirmation policy${reason}`;
      return `Asked: no rule matched${reason ? ` (${event.reason})` : ''}`;
    case 'hook':
      if (event.decision === 'rejected') return `Rejected by a PreToolUse hook${reason}`;
      if (event.decision === 'asked') return `Asked: a PreToolUse hook asks for you${reason}`;
      return `Allowed by a PreToolUse hook${reason}`;
  }
}
