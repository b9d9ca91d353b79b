import type { ClientToolSpec } from '../../events';
import type { Tool, Toolset } from '../tool';
import { createClientTool } from './client-tool';

/**
 * The toolset with the front end's declared tools after the runtime's own. A declared tool never
 * replaces one of ours or an MCP server's: on a name both have, ours answers (the create request
 * already refuses our names and MCP's `__`). Closing closes the toolset; client tools hold nothing.
 */
export function withClientTools(toolset: Toolset, specs: readonly ClientToolSpec[] | undefined): Toolset {
  if (!specs || specs.length === 0) return toolset;
  const declared = specs.map(createClientTool);
  const clientTools = (): Tool[] => {
    const ours = new Set(toolset.tools.map((tool) => tool.name));
    return declared.filter((tool) => !ours.has(tool.name));
  };
  return {
    // A getter: MCP tools join the inner toolset once their servers have listed them.
    get tools() {
      return [...toolset.tools, ...clientTools()];
    },
    get: (name) => toolset.get(name) ?? clientTools().find((tool) => tool.name === name),
    close: () => toolset.close(),
    ...(toolset.ready ? { ready: () => toolset.ready?.() ?? Promise.resolve() } : {}),
    ...(toolset.takeNotices ? { takeNotices: () => toolset.takeNotices?.() ?? [] } : {}),
    ...(toolset.mcpStatus ? { mcpStatus: () => toolset.mcpStatus?.() ?? [] } : {}),
  };
}
