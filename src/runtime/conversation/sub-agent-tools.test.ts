import { describe, expect, it } from 'vitest';
import { MAX_SUB_AGENT_DEPTH, subAgentTools } from './sub-agent-tools';

const PARENT = ['terminal', 'file_editor', 'grep', 'task', 'think', 'finish', 'files__read'];

describe('subAgentTools', () => {
  it("gives the parent's tools when none are named, task only above the depth cap", () => {
    expect(subAgentTools(PARENT, undefined, 1)).toEqual({
      ok: true,
      tools: ['terminal', 'file_editor', 'grep', 'task', 'files__read'],
    });
    expect(subAgentTools(PARENT, undefined, MAX_SUB_AGENT_DEPTH)).toEqual({
      ok: true,
      tools: ['terminal', 'file_editor', 'grep', 'files__read'],
    });
  });

  it('keeps the named subset, each name once, think and finish implied', () => {
    expect(subAgentTools(PARENT, ['grep', 'grep', 'think', 'files__read'], 1)).toEqual({
      ok: true,
      tools: ['grep', 'files__read'],
    });
    expect(subAgentTools(PARENT, [], 1)).toEqual({ ok: true, tools: [] });
  });

  it('refuses a name the parent is not offered, naming it, and task at the depth cap', () => {
    const widened = subAgentTools(['grep', 'task'], ['grep', 'terminal', 'apply_patch'], 1);
    expect(widened).toMatchObject({ ok: false, error: expect.stringMatching(/"terminal", "apply_patch"/) });
    const nested = subAgentTools(PARENT, ['task'], MAX_SUB_AGENT_DEPTH);
    expect(nested).toMatchObject({ ok: false, error: expect.stringMatching(/at most 2 deep/) });
    expect(subAgentTools(['grep'], ['__proto__', 'constructor'], 1)).toMatchObject({ ok: false });
  });
});
