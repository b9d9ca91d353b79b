import { describe, expect, it } from 'vitest';
import type { MCPToolAction } from '../events';
import { analyzeRisk } from './analyze-risk';

const call = (annotations?: MCPToolAction['annotations']): MCPToolAction => ({
  kind: 'MCPToolAction',
  server: 'everything',
  tool: 'echo',
  arguments: { message: 'hi' },
  ...(annotations ? { annotations } : {}),
});
const ensemble = { kind: 'EnsembleSecurityAnalyzer' } as const;
const risk = (action: MCPToolAction, modelRisk?: 'LOW' | 'MEDIUM' | 'HIGH') =>
  analyzeRisk(ensemble, { action, modelRisk, workspaceDir: '/work' }).risk;

describe('the risk of an MCP tool call', () => {
  it('is LOW for a tool its server declares read-only', () => {
    expect(risk(call({ read_only: true }))).toBe('LOW');
    expect(risk(call({ read_only: true }), 'LOW')).toBe('LOW');
  });

  it('is HIGH for a destructive tool, whatever the model says', () => {
    expect(risk(call({ destructive: true }), 'LOW')).toBe('HIGH');
  });

  it('is never LOW for an unannotated tool, even when the model says so', () => {
    expect(risk(call())).toBe('UNKNOWN');
    expect(risk(call(), 'LOW')).toBe('UNKNOWN');
    expect(risk(call(), 'HIGH')).toBe('HIGH');
  });

  it('the pattern analyzer takes the declaration only, with a reason a person can read', () => {
    expect(
      analyzeRisk(
        { kind: 'PatternSecurityAnalyzer' },
        { action: call({ read_only: true }), modelRisk: 'HIGH', workspaceDir: '/work' },
      ),
    ).toEqual({ risk: 'LOW', reasons: ['mcp: the server declares read-only "echo"'] });
  });
});
