import { describe, expect, it } from 'vitest';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import type { Tool, Toolset } from '../tools/tool';
import { restrictToolset } from './restrict-toolset';

/** The test toolset plus one MCP server's tool, as withMCPTools shows it. */
function withOneMCPTool(): Toolset {
  const inner = createTestToolset();
  const mcpTool: Tool = { ...(inner.get('think') as Tool), name: 'files__delete' };
  const tools = [...inner.tools, mcpTool];
  return {
    tools,
    get: (name) => tools.find((tool) => tool.name === name),
    close: () => inner.close(),
    mcpStatus: () => [
      {
        name: 'files',
        transport: 'stdio',
        state: 'ready',
        tools: [{ name: 'delete', model_name: 'files__delete', description: '', risk: 'HIGH' }],
      },
    ],
  };
}

describe('restrictToolset', () => {
  it("keeps a conversation's MCP tools whatever tools it chose (its servers are chosen apart)", () => {
    const toolset = restrictToolset(withOneMCPTool(), ['terminal']);
    expect(toolset.tools.map((tool) => tool.name)).toEqual(['terminal', 'think', 'finish', 'files__delete']);
  });

  it('gives a sub-agent an MCP tool only when its task call named it', () => {
    const narrow = restrictToolset(withOneMCPTool(), ['terminal'], { subAgent: true });
    expect(narrow.tools.map((tool) => tool.name)).toEqual(['terminal', 'think', 'finish']);
    expect(narrow.get('files__delete')).toBeUndefined();
    const named = restrictToolset(withOneMCPTool(), ['files__delete'], { subAgent: true });
    expect(named.get('files__delete')).toBeDefined();
  });
});
