/**
 * Logs of minimal events for the rules' own tests, built from small steps so fast-check can shrink
 * them. Only the fields the rules read: any event type that has them fits.
 */
export type TestEvent =
  | { kind: 'ActionEvent'; id: string; tool_call_id: string; action: { command: string } | null }
  | { kind: 'ObservationEvent'; id: string; action_id: string; tool_call_id: string }
  | { kind: 'UserRejectObservation'; id: string; action_id: string; tool_call_id: string }
  | { kind: 'AgentErrorEvent'; id: string; tool_call_id: string }
  | { kind: 'ConfirmationDecisionEvent'; id: string; action_id: string }
  | { kind: 'ConversationStateUpdateEvent'; id: string; key: string; value: unknown }
  | { kind: 'MessageEvent'; id: string };

/** `target` picks an earlier action by position (modulo how many there are); none yet: a missing id. */
export type LogStep =
  | { op: 'action'; call: number; executable: boolean }
  | { op: 'observe' | 'reject' | 'decide'; target: number }
  | { op: 'error'; call: number }
  | { op: 'message' }
  | { op: 'status'; value: string };

export function logFromSteps(steps: readonly LogStep[]): TestEvent[] {
  const events: TestEvent[] = [];
  const actions: Extract<TestEvent, { kind: 'ActionEvent' }>[] = [];
  steps.forEach((step, index) => {
    const id = `e${index}`;
    switch (step.op) {
      case 'action': {
        const action = {
          kind: 'ActionEvent' as const,
          id,
          tool_call_id: `call_${step.call}`,
          action: step.executable ? { command: 'ls' } : null,
        };
        actions.push(action);
        events.push(action);
        return;
      }
      case 'observe':
      case 'reject':
      case 'decide': {
        const target = actions[step.target % Math.max(actions.length, 1)];
        const action_id = target?.id ?? 'not-held';
        const tool_call_id = target?.tool_call_id ?? 'call_missing';
        if (step.op === 'decide') events.push({ kind: 'ConfirmationDecisionEvent', id, action_id });
        else
          events.push({
            kind: step.op === 'observe' ? 'ObservationEvent' : 'UserRejectObservation',
            id,
            action_id,
            tool_call_id,
          });
        return;
      }
      case 'error':
        events.push({ kind: 'AgentErrorEvent', id, tool_call_id: `call_${step.call}` });
        return;
      case 'message':
        events.push({ kind: 'MessageEvent', id });
        return;
      case 'status':
        events.push({ kind: 'ConversationStateUpdateEvent', id, key: 'execution_status', value: step.value });
        return;
    }
  });
  return events;
}
