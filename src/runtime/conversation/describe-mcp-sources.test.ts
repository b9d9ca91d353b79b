import { describe, expect, it } from 'vitest';
import type { MCPServerStatus } from '../mcp/start-mcp-servers';
import { describeMCPSources } from './describe-mcp-sources';

const status = (name: string, state: MCPServerStatus['state']): MCPServerStatus => ({
  name,
  transport: 'stdio',
  state,
  tools: [],
});

describe('describeMCPSources', () => {
  it('tells global servers from the conversation own ones, and who turned a disabled one off', () => {
    const described = describeMCPSources(
      [status('a', 'ready'), status('b', 'disabled'), status('c', 'disabled'), status('mine', 'disabled')],
      { mcpServers: { mine: { command: 'x', enabled: false } }, disabled_global: ['c'] },
    );
    expect(described).toEqual([
      { ...status('a', 'ready'), source: 'settings' },
      { ...status('b', 'disabled'), source: 'settings', disabled_by: 'settings' },
      { ...status('c', 'disabled'), source: 'settings', disabled_by: 'conversation' },
      { ...status('mine', 'disabled'), source: 'conversation', disabled_by: 'conversation' },
    ]);
  });

  it('without a config every server is a global one', () => {
    expect(describeMCPSources([status('a', 'failed')], undefined)).toEqual([
      { ...status('a', 'failed'), source: 'settings' },
    ]);
  });
});
