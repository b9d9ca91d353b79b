import type { ClientToolAction, ClientToolSpec, Observation } from '../../events';
import type { Tool } from '../tool';

/** Upstream's acknowledgment text (ClientToolExecutor): the model reads it as the call's result. */
export const CLIENT_TOOL_DISPATCHED = 'Tool call dispatched to client.';

/**
 * A tool the front end declared, as the model sees it. Calling it runs nothing here: as upstream, the
 * ActionEvent reaches the client over the event socket and the call is acknowledged at once, so a
 * client that never acts cannot hold the run (what it does may come back as a later user message,
 * as the Agent Canvas reports a launched child conversation). Read-only only when the client says
 * so (`readOnlyHint`); otherwise the model rates its risk like any tool's.
 */
export function createClientTool(spec: ClientToolSpec): Tool<ClientToolAction> {
  return {
    name: spec.name,
    readOnly: spec.annotations?.readOnlyHint === true,
    spec: { name: spec.name, description: spec.description, parameters: spec.parameters },
    parseArguments: (args) => ({
      ok: true,
      action: { kind: 'ClientToolAction', tool: spec.name, arguments: args },
    }),
    async execute(action): Promise<Observation> {
      return {
        kind: 'ClientToolObservation',
        tool: action.tool,
        content: [{ type: 'text', text: CLIENT_TOOL_DISPATCHED }],
        is_error: false,
      };
    },
  };
}
