import type { Toolset } from '../tools/tool';

/** Offered whatever a conversation chose: the model needs them to think and to end its turn. */
const ALWAYS_OFFERED = new Set(['think', 'finish']);

/**
 * The toolset limited to the named tools (plus think and finish); the same toolset when no names are
 * given. What is left out is neither offered to the model nor found by `get`, so a call to it is an
 * unknown tool the model is told about. Closing closes the whole toolset. `subAgent`: MCP tools too
 * only when named (a task call chose them among its parent's).
 */
export function restrictToolset(
  toolset: Toolset,
  names: readonly string[] | undefined,
  options: { subAgent?: boolean } = {},
): Toolset {
  if (names === undefined) return toolset;
  // MCP servers are chosen apart (settings, mcp_config): their tools are left out here only for a
  // sub-agent, whose task call named the tools it may have.
  const fromMCP = (name: string) =>
    !options.subAgent &&
    (toolset.mcpStatus?.().some((server) => server.tools.some((tool) => tool.model_name === name)) ?? false);
  const allowed = (name: string) => ALWAYS_OFFERED.has(name) || names.includes(name) || fromMCP(name);
  return {
    // A getter: MCP tools join the toolset once their servers have listed them.
    get tools() {
      return toolset.tools.filter((tool) => allowed(tool.name));
    },
    get: (name) => (allowed(name) ? toolset.get(name) : undefined),
    close: () => toolset.close(),
    ...(toolset.ready ? { ready: () => toolset.ready?.() ?? Promise.resolve() } : {}),
    ...(toolset.takeNotices ? { takeNotices: () => toolset.takeNotices?.() ?? [] } : {}),
    ...(toolset.mcpStatus ? { mcpStatus: () => toolset.mcpStatus?.() ?? [] } : {}),
    ...(toolset.sandbox ? { sandbox: toolset.sandbox } : {}),
  };
}
