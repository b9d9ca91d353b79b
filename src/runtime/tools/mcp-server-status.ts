import type { SecurityRisk } from '../events';

/*
 * What a Toolset reports of its MCP servers (mcp/start-mcp-servers.ts starts them). Here, beside the
 * Toolset contract, so the tools never import the MCP folder that builds on them.
 */

export type MCPServerState = 'starting' | 'ready' | 'failed' | 'disabled' | 'stopped';

/** One server as a person sees it: state, why it failed, and the tools it offers. */
export interface MCPServerStatus {
  name: string;
  transport: 'stdio' | 'http';
  state: MCPServerState;
  /** Why it failed or stopped, in words a person can act on. */
  reason?: string;
  tools: Array<{ name: string; model_name: string; description: string; risk: SecurityRisk }>;
}
