import { type HostView, realHostView } from '../sandbox/host-view';
import { isStdioServer, type MCPServers } from './mcp-server-config';
import { readOnlyPathsRefusal } from './server-exposed-paths';

/**
 * Why these servers may not be saved: the first stdio server whose `read_only_paths` would show a
 * hidden path (see readOnlyPathsRefusal), named, or undefined. Command and argument files are
 * checked when a server starts, where its workspace is known.
 */
export function mcpServersPathRefusal(
  servers: MCPServers,
  denied: readonly string[],
  host: HostView = realHostView,
): string | undefined {
  for (const [name, config] of Object.entries(servers)) {
    if (!isStdioServer(config) || config.read_only_paths === undefined) continue;
    const refused = readOnlyPathsRefusal(config.read_only_paths, denied, host);
    if (refused !== undefined) return `The MCP server "${name}": ${refused}`;
  }
  return undefined;
}
