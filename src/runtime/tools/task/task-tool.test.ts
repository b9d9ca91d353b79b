import { describe, expect, it } from 'vitest';
import type { TaskAction } from '../../events';
import type { SubAgentRunner } from './sub-agent-runner';
import { createTaskTool } from './task-tool';

function recordingRunner() {
  const calls: Array<{ action: TaskAction; actionId: string | undefined }> = [];
  const runner: SubAgentRunner = {
    async run(action, call) {
      calls.push({ action, actionId: call.actionId });
      return {
        kind: 'TaskObservation',
        content: [],
        is_error: false,
        task_id: 'c',
        subagent: 'x',
        status: 'completed',
      };
    },
  };
  return { runner, calls };
}

describe('the task tool', () => {
  it("takes upstream's description, prompt and subagent_type, and our tools", () => {
    const tool = createTaskTool(recordingRunner().runner);
    expect(tool.readOnly).toBe(false);
    expect(tool.parseArguments({ prompt: 'do it', description: 'Do it', tools: ['grep'] })).toEqual({
      ok: true,
      action: {
        kind: 'TaskAction',
        prompt: 'do it',
        description: 'Do it',
        subagent_type: 'general-purpose',
        tools: ['grep'],
      },
    });
  });

  it('refuses a missing prompt, an unknown sub-agent type and unknown arguments, naming them', () => {
    const tool = createTaskTool(recordingRunner().runner);
    expect(tool.parseArguments({})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/`prompt` is required/),
    });
    expect(tool.parseArguments({ prompt: 'x', subagent_type: 'root-shell' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/subagent_type/),
    });
    expect(tool.parseArguments({ prompt: 'x', resume: 'task-1' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown argument\(s\) `resume`/),
    });
    expect(tool.parseArguments({ prompt: 'x'.repeat(50_001) })).toMatchObject({ ok: false });
  });

  it('hands the call with the id of the action it answers to the runner', async () => {
    const { runner, calls } = recordingRunner();
    const tool = createTaskTool(runner);
    const action: TaskAction = { kind: 'TaskAction', prompt: 'p', subagent_type: 'general-purpose' };
    await tool.execute(action, {
      conversationId: 'parent',
      workspaceDir: '/tmp',
      observationsDir: '/tmp',
      signal: new AbortController().signal,
      actionId: 'action-1',
    });
    expect(calls).toEqual([{ action, actionId: 'action-1' }]);
  });
});
