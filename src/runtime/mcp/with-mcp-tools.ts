import type { Toolset } from '../tools/tool';
import type { StdioSandbox } from './connect-mcp-server';
import type { MCPServers } from './mcp-server-config';
import { type MCPServerStatus, startMCPServers } from './start-mcp-servers';

/** A toolset with MCP servers' tools beside the built-in ones. */
export interface ToolsetWithMCP extends Toolset {
  ready(): Promise<void>;
  takeNotices(): string[];
  mcpStatus(): MCPServerStatus[];
}

/**
 * Starts the servers (in the background) and adds their tools to `toolset` once they are listed,
 * under names that never clash with the built-in tools. `ready` settles when every server is listed
 * or failed (each is bounded by its list timeout); `takeNotices` names each failed server once;
 * `close` stops the servers, then closes the built-in tools.
 */
export function withMCPTools(
  toolset: Toolset,
  servers: MCPServers | undefined,
  sandbox: StdioSandbox,
  options: { refuseStdio?: string } = {},
): ToolsetWithMCP {
  const running = startMCPServers(
    servers ?? {},
    sandbox,
    new Set(toolset.tools.map((tool) => tool.name)),
    options,
  );
  const told = new Set<string>();
  return {
    get tools() {
      return [...toolset.tools, ...running.tools()];
    },
    get: (name) => toolset.get(name) ?? running.tools().find((tool) => tool.name === name),
    async ready() {
      await toolset.ready?.();
      await running.ready;
    },
    takeNotices() {
      const notices = toolset.takeNotices?.() ?? [];
      for (const status of running.status()) {
        if (status.state !== 'failed' || told.has(status.name)) continue;
        told.add(status.name);
        notices.push(`The MCP server "${status.name}" was not started: ${status.reason ?? 'unknown reason'}`);
      }
      return notices;
    },
    mcpStatus: () => running.status(),
    ...(toolset.sandbox === undefined ? {} : { sandbox: toolset.sandbox }),
    async close() {
      try {
        await running.close();
      } finally {
        await toolset.close();
      }
    },
  };
}
