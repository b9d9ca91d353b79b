import type { MCPConfig } from '../mcp/mcp-server-config';
import { mcpServersPathRefusal } from '../mcp/mcp-servers-path-refusal';
import type { WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { RuntimeError } from '../errors/runtime-error';

/**
 * Throws RuntimeError `mcp_path_refused` when a conversation's own stdio server lists read_only_paths
 * that would show a path the sandbox hides (the same list as the terminal's). Without a confinement
 * (a runtime built without one) there is nothing to check against; the start checks again anyway.
 */
export function refuseHiddenMCPPaths(
  config: MCPConfig | null | undefined,
  confinement: (() => WorkspaceConfinement) | undefined,
): void {
  if (!config?.mcpServers || confinement === undefined) return;
  const refused = mcpServersPathRefusal(config.mcpServers, confinement().denied);
  if (refused !== undefined) throw new RuntimeError('mcp_path_refused', refused);
}
