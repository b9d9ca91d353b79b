import { describe, expect, it } from 'vitest';
import { conversationMCPServers } from './conversation-mcp-servers';

describe('conversationMCPServers', () => {
  const global = { docs: { url: 'https://docs.example.com/mcp' }, tools: { command: 'tools-server' } };

  it('keeps the global servers, marks those the conversation turned off, and adds its own', () => {
    expect(
      conversationMCPServers(global, {
        mcpServers: { mine: { command: 'mine' } },
        disabled_global: ['tools'],
      }),
    ).toEqual({
      docs: { url: 'https://docs.example.com/mcp' },
      tools: { command: 'tools-server', enabled: false },
      mine: { command: 'mine' },
    });
  });

  it("lets the conversation's own server win over a global one of the same name", () => {
    expect(conversationMCPServers(global, { mcpServers: { docs: { command: 'local-docs' } } }).docs).toEqual({
      command: 'local-docs',
    });
  });
});
