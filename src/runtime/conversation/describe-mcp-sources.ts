import type { MCPConfig } from '../mcp/mcp-server-config';
import type { MCPServerStatus } from '../mcp/start-mcp-servers';
import type { ConversationMCPServer } from './conversation-service';

/**
 * Says where each server comes from (the settings, or the conversation's own `mcp_config`) and, for
 * one that is off, who turned it off: a person can switch back on only what the conversation turned off.
 */
export function describeMCPSources(
  servers: readonly MCPServerStatus[],
  config: MCPConfig | undefined,
): ConversationMCPServer[] {
  const own = config?.mcpServers ?? {};
  const offHere = new Set(config?.disabled_global ?? []);
  return servers.map((server) => {
    const source = server.name in own ? ('conversation' as const) : ('settings' as const);
    if (server.state !== 'disabled') return { ...server, source };
    const disabledBy = source === 'conversation' || offHere.has(server.name) ? 'conversation' : 'settings';
    return { ...server, source, disabled_by: disabledBy };
  });
}
