import type {
  ActionEvent,
  ConfirmationDecisionEvent,
  ConversationInfo,
  ConversationStateUpdateEvent,
  Event,
  MessageEvent,
} from '../../api/wire-types';

/**
 * Test events for the store's unit tests, typed by the generated wire types (so a schema change
 * breaks them at compile time). `n` is the seq and picks the id.
 */
export function eventId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

function base(n: number, source: Event['source'] = 'agent') {
  return {
    id: eventId(n),
    seq: n,
    timestamp: new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString(),
    source,
  };
}

export function userMessage(n: number, text: string, clientMessageId?: string): MessageEvent {
  return {
    ...base(n, 'user'),
    kind: 'MessageEvent',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
    extended_content: [],
    ...(clientMessageId ? { client_message_id: clientMessageId } : {}),
  };
}

export function agentMessage(n: number, text: string, responseId?: string): MessageEvent {
  return {
    ...base(n),
    kind: 'MessageEvent',
    llm_message: { role: 'assistant', content: [{ type: 'text', text }] },
    extended_content: [],
    ...(responseId ? { llm_response_id: responseId } : {}),
  };
}

export function terminalAction(
  n: number,
  command: string,
  options: { responseId?: string; thought?: string; risk?: ActionEvent['security_risk'] } = {},
): ActionEvent {
  const toolCallId = `call_${n}`;
  return {
    ...base(n),
    kind: 'ActionEvent',
    thought: options.thought ? [{ type: 'text', text: options.thought }] : [],
    action: { kind: 'TerminalAction', command, is_input: false, reset: false },
    tool_name: 'terminal',
    tool_call_id: toolCallId,
    tool_call: { id: toolCallId, name: 'terminal', arguments: JSON.stringify({ command }) },
    llm_response_id: options.responseId ?? `response_${n}`,
    security_risk: options.risk ?? 'LOW',
  };
}

export function invalidAction(n: number): ActionEvent {
  return { ...terminalAction(n, ''), action: null, tool_name: 'nonexistent_tool' };
}

export function terminalObservation(
  n: number,
  action: ActionEvent,
  output: string,
  exitCode: number | null = 0,
): Event {
  return {
    ...base(n, 'environment'),
    kind: 'ObservationEvent',
    tool_name: action.tool_name,
    tool_call_id: action.tool_call_id,
    action_id: action.id,
    observation: {
      kind: 'TerminalObservation',
      content: [{ type: 'text', text: output }],
      is_error: false,
      command: 'echo',
      exit_code: exitCode,
      timed_out: false,
    },
  };
}

export function rejection(n: number, action: ActionEvent, reason: string): Event {
  return {
    ...base(n, 'user'),
    kind: 'UserRejectObservation',
    tool_name: action.tool_name,
    tool_call_id: action.tool_call_id,
    action_id: action.id,
    rejection_reason: reason,
  };
}

export function agentError(n: number, toolCallId: string, error: string): Event {
  return {
    ...base(n, 'environment'),
    kind: 'AgentErrorEvent',
    tool_name: 'terminal',
    tool_call_id: toolCallId,
    error,
  };
}

export function stateUpdate(n: number, key: string, value: unknown): ConversationStateUpdateEvent {
  return { ...base(n, 'environment'), kind: 'ConversationStateUpdateEvent', key, value };
}

export function statusUpdate(
  n: number,
  status: ConversationInfo['execution_status'],
): ConversationStateUpdateEvent {
  return stateUpdate(n, 'execution_status', status);
}

export function conversationInfo(overrides: Partial<ConversationInfo> = {}): ConversationInfo {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Test conversation',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    execution_status: 'idle',
    confirmation_policy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true },
    security_analyzer: { kind: 'EnsembleSecurityAnalyzer' },
    workspace: { working_dir: '/tmp/workspace' },
    llm: { provider: 'openai-compatible', model: 'mock' },
    leaf_event_id: null,
    last_seq: -1,
    pending_action_ids: [],
    forked_from_conversation_id: null,
    forked_from_event_id: null,
    max_iterations: 500,
    stuck_detection: true,
    network_access: false,
    approval_rules: [],
    stats: { prompt_tokens: 0, completion_tokens: 0, cost: 0 },
    tags: {},
    tag_list: [],
    pinned: false,
    ...overrides,
  };
}

export function confirmationDecision(
  n: number,
  action: ActionEvent,
  fields: Omit<ConfirmationDecisionEvent, 'id' | 'seq' | 'timestamp' | 'source' | 'kind' | 'action_id'>,
): ConfirmationDecisionEvent {
  return { ...base(n, 'environment'), kind: 'ConfirmationDecisionEvent', action_id: action.id, ...fields };
}

/** A PauseEvent or InterruptEvent (Pause and Stop in the UI). */
export function controlEvent(n: number, kind: 'PauseEvent' | 'InterruptEvent'): Event {
  return { ...base(n, 'user'), kind } as Event;
}

/**
 * Links events the way the runtime does when it appends them in this order: each one's parent is the
 * leaf, a state update hangs off the leaf without moving it, and `{ navigate: id }` moves the leaf
 * (POST …/navigate) without an event.
 */
export function chain(steps: readonly (Event | { navigate: string | null })[]): Event[] {
  let leaf: string | null = null;
  const linked: Event[] = [];
  for (const step of steps) {
    if ('navigate' in step) {
      leaf = step.navigate;
      continue;
    }
    const { parent_id: _ignored, ...fields } = step;
    const event = (leaf === null ? fields : { ...fields, parent_id: leaf }) as Event;
    linked.push(event);
    if (event.kind !== 'ConversationStateUpdateEvent') leaf = event.id;
  }
  return linked;
}

/** A PreToolUse hook's run that denied `action` (exit 2). */
export function hookDenial(n: number, action: ActionEvent, reason: string): Event {
  return {
    ...base(n, 'environment'),
    kind: 'HookExecutionEvent',
    hook_event_type: 'PreToolUse',
    hook_command: 'hooks/check.sh',
    matcher: 'terminal',
    tool_name: action.tool_name,
    success: false,
    blocked: true,
    exit_code: 2,
    duration_ms: 12,
    stdout: '',
    stderr: `${reason}\n`,
    reason,
    action_id: action.id,
  };
}
