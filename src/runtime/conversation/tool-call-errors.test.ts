import { afterEach, describe, expect, it } from 'vitest';
import type { ActionEvent, AgentErrorEvent, MessageEvent } from '../events';
import type { ScriptTurn } from '../llm/llm-script';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

async function runScript(turns: ScriptTurn[]) {
  harness = await createServiceHarness({ script: { turns } });
  const id = await harness.create();
  await harness.say(id, 'do it');
  const status = await harness.settled(id);
  return { id, status };
}

describe('tool calls the model gets wrong (SCENARIOS 13–19)', () => {
  it('an unknown tool gets an action with no action and an error naming it, and the run goes on', async () => {
    const { id, status } = await runScript([
      { tool_calls: [{ id: 'call_1', name: 'nonexistent_tool', arguments: {} }] },
      { tool_calls: [{ id: 'call_2', name: 'finish', arguments: { message: 'done' } }] },
    ]);
    const actions = (await harness.kinds(id, 'ActionEvent')) as ActionEvent[];
    expect(actions[0]).toMatchObject({ action: null, tool_call_id: 'call_1', tool_name: 'nonexistent_tool' });
    const errors = (await harness.kinds(id, 'AgentErrorEvent')) as AgentErrorEvent[];
    expect(errors).toHaveLength(1);
    expect(errors[0]?.tool_call_id).toBe('call_1');
    expect(errors[0]?.error).toMatch(/nonexistent_tool.*not found.*terminal/s);
    const toolMessage = harness.llm.calls[1]?.messages.find((message) => message.role === 'tool');
    expect(toolMessage).toMatchObject({ tool_call_id: 'call_1' });
    expect(harness.llm.calls).toHaveLength(2);
    expect(status).toBe('finished');
  });

  it('unparseable argument JSON is stored as a marker and explained to the model', async () => {
    const { id } = await runScript([
      { tool_calls: [{ id: 'call_1', name: 'terminal', arguments: '{"command": "ls' }] },
      { text: 'ok' },
    ]);
    const error = (await harness.kinds(id, 'AgentErrorEvent'))[0] as AgentErrorEvent;
    expect(error.error).toContain('terminal');
    expect(error.error).toContain('could not be parsed');
    const action = (await harness.kinds(id, 'ActionEvent'))[0] as ActionEvent;
    expect(JSON.parse(action.tool_call.arguments)).toMatchObject({
      _malformed_tool_call: true,
      error: expect.any(String),
    });
  });

  it('a validation failure names the arguments and never echoes a large value', async () => {
    const huge = 'x'.repeat(20_000);
    const { id } = await runScript([
      { tool_calls: [{ id: 'call_1', name: 'terminal', arguments: { command: 7, note: huge } }] },
      { text: 'ok' },
    ]);
    const error = (await harness.kinds(id, 'AgentErrorEvent'))[0] as AgentErrorEvent;
    expect(error.error).toContain('command');
    expect(error.error).toContain('note');
    expect(error.error).not.toContain('xxxxxxxxxx');
  });

  it('an empty reply is recorded, nudged as a user-role environment message, and the loop goes on', async () => {
    const { id, status } = await runScript([{ text: '' }, { text: 'Here you go.' }]);
    const messages = (await harness.kinds(id, 'MessageEvent')) as MessageEvent[];
    const [, empty, nudge, final] = messages;
    expect(empty).toMatchObject({ source: 'agent', llm_message: { role: 'assistant', content: [] } });
    expect(nudge).toMatchObject({ source: 'environment', llm_message: { role: 'user' } });
    expect(JSON.stringify(nudge?.llm_message.content)).toMatch(/tool call|message/);
    expect(final?.source).toBe('agent');
    expect(harness.llm.calls).toHaveLength(2);
    expect(status).toBe('finished');
  });

  it('bash runs on terminal and str_replace without a command runs file_editor str_replace', async () => {
    const { id } = await runScript([
      {
        tool_calls: [
          { id: 'c1', name: 'bash', arguments: { command: 'pwd' } },
          { id: 'c2', name: 'str_replace', arguments: { path: '/w/a.txt', old_str: 'a', new_str: 'b' } },
        ],
      },
      { text: 'ok' },
    ]);
    expect(await harness.kinds(id, 'AgentErrorEvent')).toHaveLength(0);
    expect(harness.executed()).toEqual([
      expect.objectContaining({ kind: 'TerminalAction', command: 'pwd' }),
      expect.objectContaining({
        kind: 'FileEditorAction',
        command: 'str_replace',
        old_str: 'a',
        new_str: 'b',
      }),
    ]);
  });

  it('a call after finish in the same response is not executed and the run finishes', async () => {
    const { id, status } = await runScript([
      {
        tool_calls: [
          { id: 'c1', name: 'finish', arguments: { message: 'done' } },
          { id: 'c2', name: 'terminal', arguments: { command: 'rm x' } },
        ],
      },
    ]);
    expect(status).toBe('finished');
    expect(harness.executed().map((action) => action.kind)).toEqual(['FinishAction']);
    expect(((await harness.kinds(id, 'AgentErrorEvent'))[0] as AgentErrorEvent).tool_call_id).toBe('c2');
    expect((await harness.service.get(id)).pending_action_ids).toEqual([]);
  });

  it('a batch shares one llm_response_id and only the first action carries the thought', async () => {
    const { id } = await runScript([
      {
        text: 'Two things.',
        tool_calls: [
          { id: 'c1', name: 'terminal', arguments: { command: 'a' } },
          { id: 'c2', name: 'terminal', arguments: { command: 'b' } },
        ],
      },
      { text: 'ok' },
    ]);
    const [first, second] = (await harness.kinds(id, 'ActionEvent')) as ActionEvent[];
    expect(first?.llm_response_id).toBe(second?.llm_response_id);
    expect(first?.thought).toEqual([{ type: 'text', text: 'Two things.' }]);
    expect(second?.thought).toEqual([]);
  });

  it('a tool that throws becomes an AgentErrorEvent and the loop goes on', async () => {
    const { id, status } = await runScript([
      { tool_calls: [{ id: 'c1', name: 'terminal', arguments: { command: 'throw' } }] },
      { text: 'ok' },
    ]);
    expect(((await harness.kinds(id, 'AgentErrorEvent'))[0] as AgentErrorEvent).error).toContain(
      'terminal exploded',
    );
    expect(status).toBe('finished');
  });

  it('non-read-only tools are offered with optional security_risk and summary arguments', async () => {
    await runScript([{ text: 'hi' }]);
    const tools = harness.llm.calls[0]?.tools ?? [];
    const terminal = tools.find((tool) => tool.name === 'terminal');
    const finish = tools.find((tool) => tool.name === 'finish');
    expect(Object.keys(terminal?.parameters.properties as object)).toEqual(
      expect.arrayContaining(['security_risk', 'summary']),
    );
    expect(Object.keys(finish?.parameters.properties as object)).not.toContain('security_risk');
  });
});
