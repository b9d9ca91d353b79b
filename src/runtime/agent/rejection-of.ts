import type { ActionEvent, NewEvent } from '../events';

/**
 * The UserRejectObservation that answers `action` for the model: a person's rejection, a deny rule,
 * or a superseded action. One shape for every place that rejects.
 */
export function rejectionOf(
  action: ActionEvent,
  reason: string,
  stamp: { id: string; timestamp: string },
  source: 'user' | 'environment',
): NewEvent {
  return {
    kind: 'UserRejectObservation',
    ...stamp,
    source,
    tool_name: action.tool_name,
    tool_call_id: action.tool_call_id,
    action_id: action.id,
    rejection_reason: reason,
  };
}
