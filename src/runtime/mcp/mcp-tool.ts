import type { MCPToolAction, Observation } from '../events';
import type { Tool } from '../tools/tool';
import type { MCPConnection, MCPListedTool } from './connect-mcp-server';
import { mcpResultContent } from './mcp-result-content';

/**
 * One tool of an MCP server as the model sees it, under `modelName` (`<server>__<tool>`). Never
 * read-only to the approval machinery: its risk comes from the server's annotations (see mcpAnnotationRisk)
 * and the policy and rules decide, as for a terminal command.
 */
export function createMCPTool(
  server: string,
  listed: MCPListedTool,
  modelName: string,
  connection: MCPConnection,
): Tool<MCPToolAction> {
  return {
    name: modelName,
    readOnly: false,
    spec: {
      name: modelName,
      description: `[MCP server "${server}"] ${listed.description}`.trim(),
      parameters: objectSchema(listed.inputSchema),
    },
    parseArguments(args) {
      return {
        ok: true,
        action: {
          kind: 'MCPToolAction',
          server,
          tool: listed.name,
          arguments: args,
          ...(listed.annotations ? { annotations: listed.annotations } : {}),
        },
      };
    },
    async execute(action, context): Promise<Observation> {
      const answer = { kind: 'MCPToolObservation' as const, server, tool: listed.name };
      const outcome = await connection.call(action.tool, action.arguments, context.signal);
      switch (outcome.kind) {
        case 'result': {
          const { content, isError } = mcpResultContent(outcome.result);
          return { ...answer, content, is_error: isError, timed_out: false };
        }
        case 'timed_out':
          return {
            ...answer,
            content: [
              {
                type: 'text',
                text: `The MCP tool "${listed.name}" did not answer within ${outcome.timeoutMs / 1000} s and was cancelled.`,
              },
            ],
            is_error: true,
            timed_out: true,
          };
        case 'aborted':
          return {
            ...answer,
            content: [
              { type: 'text', text: 'Interrupted: the call was cancelled before the tool answered.' },
            ],
            is_error: true,
            timed_out: false,
          };
        case 'failed':
          return {
            ...answer,
            content: [{ type: 'text', text: `The MCP tool "${listed.name}" failed: ${outcome.reason}` }],
            is_error: true,
            timed_out: false,
          };
      }
    },
  };
}

/** Providers want an object schema; a server may send anything. */
function objectSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return { ...schema, type: 'object', properties };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
