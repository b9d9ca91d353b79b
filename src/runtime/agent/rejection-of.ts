import type { ActionEvent, NewEvent } from '../events';

/**
 * The UserRejectObservation that answers `action` for the model: a person's rejection, a deny rule,
 * or a superseded action. One shape for every place that rejects. `rejectedBy` becomes upstream's
 * `rejection_source`: `user` when a person decided (also by sending a new message instead of an
 * answer), `hook` when a rule blocked the action before it ran, with no person asked.
 */
export function rejectionOf(
  action: ActionEvent,
  reason: string,
  stamp: { id: string; timestamp: string },
  rejectedBy: 'user' | 'hook',
): NewEvent {
  return {
    kind: 'UserRejectObservation',
    ...stamp,
    source: rejectedBy === 'user' ? 'user' : 'environment',
    tool_name: action.tool_name,
    tool_call_id: action.tool_call_id,
    action_id: action.id,
    rejection_reason: reason,
    rejection_source: rejectedBy,
  };
}
