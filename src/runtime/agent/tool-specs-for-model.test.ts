import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { toolSpecsForModel } from './tool-specs-for-model';

function tool(name: string, readOnly: boolean): Tool {
  return {
    name,
    readOnly,
    spec: {
      name,
      description: `The ${name} tool.`,
      parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    },
    parseArguments: () => ({ ok: false, error: 'not used' }),
    execute: () => Promise.reject(new Error('not used')),
  };
}

describe('toolSpecsForModel', () => {
  it('adds security_risk and summary to a tool that may change things, and leaves its own spec as it was', () => {
    const terminal = tool('terminal', false);
    const [offered] = toolSpecsForModel([terminal]);
    expect(Object.keys(offered?.parameters.properties as object)).toEqual([
      'command',
      'security_risk',
      'summary',
    ]);
    expect(offered?.parameters.required).toEqual(['command']);
    expect(Object.keys(terminal.spec.parameters.properties as object)).toEqual(['command']);
  });

  it('offers a read-only tool its spec unchanged', () => {
    const think = tool('think', true);
    expect(toolSpecsForModel([think])[0]).toBe(think.spec);
  });

  it('gives the very same spec objects on every step, so their size is measured once', () => {
    const tools = [tool('terminal', false), tool('think', true), tool('editor', false)];
    const first = toolSpecsForModel(tools);
    const second = toolSpecsForModel(tools);
    expect(second).not.toBe(first);
    for (const [index, spec] of second.entries()) expect(spec).toBe(first[index]);
  });
});
