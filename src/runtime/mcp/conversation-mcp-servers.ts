import type { MCPConfig, MCPServers } from './mcp-server-config';

/**
 * The servers one conversation starts: the global ones (those it turned off kept, marked disabled,
 * so its status lists them) and its own, which win over a global server of the same name.
 */
export function conversationMCPServers(global: MCPServers, own: MCPConfig | undefined): MCPServers {
  const off = new Set(own?.disabled_global ?? []);
  const kept = Object.fromEntries(
    Object.entries(global).map(([name, config]) => [
      name,
      off.has(name) ? { ...config, enabled: false } : config,
    ]),
  );
  return { ...kept, ...own?.mcpServers };
}
