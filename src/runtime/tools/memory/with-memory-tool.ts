import type { Tool, Toolset } from '../tool';
import { createMemoryProposeTool } from './memory-propose-tool';

/** The toolset with memory_propose after its own tools when memory is on for the workspace. */
export function withMemoryTool(toolset: Toolset, memoryOn: boolean): Toolset {
  if (!memoryOn) return toolset;
  const memory: Tool = createMemoryProposeTool();
  return {
    get tools() {
      return [...toolset.tools, memory];
    },
    get: (name) => (name === memory.name ? memory : toolset.get(name)),
    close: () => toolset.close(),
    ...(toolset.ready ? { ready: () => toolset.ready?.() ?? Promise.resolve() } : {}),
    ...(toolset.takeNotices ? { takeNotices: () => toolset.takeNotices?.() ?? [] } : {}),
    ...(toolset.mcpStatus ? { mcpStatus: () => toolset.mcpStatus?.() ?? [] } : {}),
    ...(toolset.sandbox ? { sandbox: toolset.sandbox } : {}),
  };
}
