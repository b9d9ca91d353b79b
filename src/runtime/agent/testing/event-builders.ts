import type { ActionEvent, AgentErrorEvent, Event, MessageEvent, ObservationEvent } from '../../events';

/** Sequential ids and seqs for hand-built branches in tests. */
export function createEventBuilder() {
  let counter = 0;
  let seq = 0;
  const base = () => {
    counter += 1;
    return {
      id: `00000000-0000-4000-8000-${counter.toString().padStart(12, '0')}`,
      seq: seq++,
      timestamp: '2025-01-01T00:00:00.000Z',
    };
  };
  return {
    userMessage(text: string): MessageEvent {
      return {
        kind: 'MessageEvent',
        ...base(),
        source: 'user',
        llm_message: { role: 'user', content: [{ type: 'text', text }] },
        extended_content: [],
      };
    },
    agentMessage(text: string): MessageEvent {
      return {
        kind: 'MessageEvent',
        ...base(),
        source: 'agent',
        llm_message: { role: 'assistant', content: [{ type: 'text', text }] },
        extended_content: [],
      };
    },
    terminalAction(command: string, toolCallId = `call_${counter + 1}`): ActionEvent {
      return {
        kind: 'ActionEvent',
        ...base(),
        source: 'agent',
        thought: [],
        action: { kind: 'TerminalAction', command, is_input: false, reset: false },
        tool_name: 'terminal',
        tool_call_id: toolCallId,
        tool_call: { id: toolCallId, name: 'terminal', arguments: JSON.stringify({ command }) },
        llm_response_id: `response_${counter + 1}`,
        security_risk: 'LOW',
      };
    },
    observation(action: ActionEvent, text: string, isError = false): ObservationEvent {
      return {
        kind: 'ObservationEvent',
        ...base(),
        source: 'environment',
        tool_name: action.tool_name,
        tool_call_id: action.tool_call_id,
        action_id: action.id,
        observation: {
          kind: 'TerminalObservation',
          content: [{ type: 'text', text }],
          is_error: isError,
          command: action.action?.kind === 'TerminalAction' ? action.action.command : '',
          exit_code: isError ? 1 : 0,
          timed_out: false,
        },
      };
    },
    agentError(action: ActionEvent, error: string): AgentErrorEvent {
      return {
        kind: 'AgentErrorEvent',
        ...base(),
        source: 'environment',
        tool_name: action.tool_name,
        tool_call_id: action.tool_call_id,
        error,
      };
    },
    /** An action with its observation. */
    pair(command: string, result: string): Event[] {
      const action = this.terminalAction(command);
      return [action, this.observation(action, result)];
    },
  };
}
