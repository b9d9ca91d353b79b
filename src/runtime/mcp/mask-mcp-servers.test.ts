import { describe, expect, it } from 'vitest';
import { MASKED_MCP_VALUE, maskMCPServers, mcpSecretValues, unmaskMCPServers } from './mask-mcp-servers';

const stored = {
  github: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer TOKEN-123' } },
  local: { command: 'node', args: ['server.js'], env: { API_TOKEN: 'ENV-SECRET-456' } },
};

describe('MCP server secrets', () => {
  it('masks every header and env value and nothing else', async () => {
    expect(maskMCPServers(stored)).toEqual({
      github: { url: 'https://mcp.example.com/mcp', headers: { Authorization: MASKED_MCP_VALUE } },
      local: { command: 'node', args: ['server.js'], env: { API_TOKEN: MASKED_MCP_VALUE } },
    });
  });

  it('keeps the stored value for a masked value sent back, and takes a new one as given', async () => {
    const patch = {
      ...maskMCPServers(stored),
      local: { command: 'node', args: ['server.js'], env: { API_TOKEN: 'NEW-VALUE' } },
    };
    expect(unmaskMCPServers(patch, stored)).toEqual({
      servers: { ...stored, local: { ...stored.local, env: { API_TOKEN: 'NEW-VALUE' } } },
      unknown: [],
    });
  });

  it('names a masked value with nothing stored behind it', async () => {
    const patch = {
      renamed: { url: 'https://mcp.example.com/mcp', headers: { Authorization: MASKED_MCP_VALUE } },
    };
    expect(unmaskMCPServers(patch, stored).unknown).toEqual(['renamed.Authorization']);
  });

  it('names each value for the redactor with a name no shell variable can have', async () => {
    expect(mcpSecretValues(stored)).toEqual([
      { name: 'mcp-github-Authorization', value: 'Bearer TOKEN-123' },
      { name: 'mcp-local-API_TOKEN', value: 'ENV-SECRET-456' },
    ]);
  });
});
