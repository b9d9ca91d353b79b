import type { MCPServerStatus } from '../tools/mcp-server-status';
import type { Tool } from '../tools/tool';
import type { MCPConnection, StdioSandbox } from './connect-mcp-server';
import { mcpAnnotationRisk } from '../security/mcp-annotation-risk';
import { isStdioServer, type MCPServers } from './mcp-server-config';
import { createMCPTool } from './mcp-tool';
import { mcpToolName } from './mcp-tool-name';

// The status shape lives with the Toolset contract that reports it; its users still import it from here.
export type { MCPServerState, MCPServerStatus } from '../tools/mcp-server-status';

export interface RunningMCPServers {
  /** The tools of the servers that are ready (empty until `ready` settles). */
  tools(): readonly Tool[];
  /** Settles once every server is ready or failed; never rejects. */
  ready: Promise<void>;
  status(): MCPServerStatus[];
  close(): Promise<void>;
}

/**
 * Starts every enabled server at once and collects the tools of those that answer. A server that
 * fails to start or to list its tools in time is skipped, its reason kept for `status` (the caller
 * tells the person); the others are unaffected. `refuseStdio`: why no stdio server may start here (no
 * sandbox to run it in); each fails with that reason instead of running unconfined.
 */
export function startMCPServers(
  servers: MCPServers,
  sandbox: StdioSandbox,
  takenNames: ReadonlySet<string>,
  options: { refuseStdio?: string } = {},
): RunningMCPServers {
  const statuses = new Map<string, MCPServerStatus>();
  const connections = new Map<string, MCPConnection>();
  const tools: Tool[] = [];
  const taken = new Set(takenNames);
  let closed = false;
  const starts = Object.entries(servers).map(async ([name, config]) => {
    const status: MCPServerStatus = {
      name,
      transport: isStdioServer(config) ? 'stdio' : 'http',
      state: config.enabled === false ? 'disabled' : 'starting',
      tools: [],
    };
    statuses.set(name, status);
    if (config.enabled === false) return;
    if (options.refuseStdio !== undefined && isStdioServer(config)) {
      status.state = 'failed';
      status.reason = options.refuseStdio;
      return;
    }
    try {
      // The SDK loads only when a server is configured: a runtime without any stays lighter.
      const { connectMCPServer } = await import('./connect-mcp-server');
      const connection = await connectMCPServer(name, config, sandbox);
      if (closed) {
        await connection.close();
        return;
      }
      connections.set(name, connection);
      for (const listed of connection.tools) {
        const modelName = mcpToolName(name, listed.name, taken);
        taken.add(modelName);
        tools.push(createMCPTool(name, listed, modelName, connection));
        status.tools.push({
          name: listed.name,
          model_name: modelName,
          description: listed.description,
          risk: mcpAnnotationRisk(listed.annotations),
        });
      }
      status.state = 'ready';
    } catch (error) {
      status.state = 'failed';
      status.reason = error instanceof Error ? error.message : String(error);
    }
  });
  const ready = Promise.all(starts).then(() => undefined);
  return {
    tools: () => tools,
    ready,
    status: () =>
      [...statuses.values()].map((status) => {
        const lost = connections.get(status.name)?.lost();
        return lost !== undefined && status.state === 'ready'
          ? { ...status, state: 'stopped' as const, reason: lost }
          : { ...status, tools: [...status.tools] };
      }),
    async close() {
      closed = true;
      await ready;
      await Promise.all([...connections.values()].map((connection) => connection.close()));
    },
  };
}
