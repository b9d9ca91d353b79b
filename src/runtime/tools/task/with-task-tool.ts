import type { Tool, Toolset } from '../tool';

/**
 * The toolset with the `task` tool after its own tools; the same toolset when `task` is undefined (a
 * sub-agent at the depth cap). Closing closes the toolset; the task tool holds nothing of its own.
 */
export function withTaskTool(toolset: Toolset, task: Tool | undefined): Toolset {
  if (!task) return toolset;
  return {
    // A getter: MCP tools join the inner toolset once their servers have listed them.
    get tools() {
      return [...toolset.tools, task];
    },
    get: (name) => (name === task.name ? task : toolset.get(name)),
    close: () => toolset.close(),
    ...(toolset.ready ? { ready: () => toolset.ready?.() ?? Promise.resolve() } : {}),
    ...(toolset.takeNotices ? { takeNotices: () => toolset.takeNotices?.() ?? [] } : {}),
    ...(toolset.mcpStatus ? { mcpStatus: () => toolset.mcpStatus?.() ?? [] } : {}),
    ...(toolset.sandbox ? { sandbox: toolset.sandbox } : {}),
  };
}
