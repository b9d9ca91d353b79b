import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { call, mockLlm, registerRestWorkbench, workbench } from './testing/rest-workbench';

// The real launcher, runtime and AI SDK adapter against the strict mock LLM playing a server without
// function calling: every request that carries `tools` is refused with a 400 naming them.
registerRestWorkbench({ model: 'small-local', mock: { refuseTools: true } });

type Recorded = { kind: string; [key: string]: unknown };

async function finishedEvents(id: string): Promise<Recorded[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const info = (await call('GET', `/api/conversations/${id}`)).json;
    if (!['running', 'idle'].includes(info.execution_status)) break;
    if (Date.now() > deadline) throw new Error(`still ${info.execution_status}`);
    await sleep(100);
  }
  return (await call('GET', `/api/conversations/${id}/events/search?limit=100`)).json.items as Recorded[];
}

describe('a model whose server refuses tools (native_tool_calling auto)', () => {
  it('is asked again with the tools in the prompt, and its text calls run as the same events', async () => {
    mockLlm.setScript({
      turns: [
        {
          text: 'I will look.\n<function=terminal>\n<parameter=command>echo hello-from-text</parameter>\n<parameter=security_risk>LOW</parameter>\n</function>',
        },
        { text: '<function=nonexistent_tool>\n<parameter=x>1</parameter>\n</function>' },
        { text: '<function=finish>\n<parameter=message>Saw hello-from-text.</parameter>' },
        { text: '<function=finish>\n<parameter=message>Saw hello-from-text.</parameter>\n</function>' },
      ],
    });
    const before = mockLlm.requests().length;
    const created = await call('POST', '/api/conversations', {
      workspace: { working_dir: workbench.workspace },
      confirmation_policy: { kind: 'NeverConfirm' },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Say hello' }], run: true },
    });
    expect(created.status).toBe(201);
    const events = await finishedEvents(created.json.id);
    expect((await call('GET', `/api/conversations/${created.json.id}`)).json.execution_status).toBe(
      'finished',
    );

    const notice = events.find((event) => event.kind === 'BudgetEvent');
    expect(notice).toMatchObject({ notice: 'native_tools_refused', model: 'small-local' });
    const actions = events.filter((event) => event.kind === 'ActionEvent');
    expect(actions.map((event) => (event.action as { kind: string } | null)?.kind ?? null)).toEqual([
      'TerminalAction',
      null,
      null,
      'FinishAction',
    ]);
    const observation = events.find((event) => event.kind === 'ObservationEvent');
    expect(JSON.stringify(observation)).toContain('hello-from-text');
    const errors = events
      .filter((event) => event.kind === 'AgentErrorEvent')
      .map((event) => String(event.error));
    expect(errors[0]).toContain('Tool "nonexistent_tool" not found');
    expect(errors[1]).toContain('was not closed with </function>');

    const requests = mockLlm
      .requests()
      .slice(before)
      .filter((request) => request.path.endsWith('/chat/completions'));
    // The first step was refused once with tools, then every request went without them and was valid.
    const bodies = requests.map(
      (request) => request.body as { tools?: unknown[]; messages: { role: string; content: unknown }[] },
    );
    expect(bodies[0]?.tools?.length).toBeGreaterThan(0);
    expect(requests[0]?.violations).toEqual(['small-local does not support tools']);
    const later = bodies.slice(1);
    expect(later).toHaveLength(4);
    for (const [index, body] of later.entries()) {
      expect(body.tools).toBeUndefined();
      expect(body.messages.some((message) => message.role === 'tool')).toBe(false);
      expect(requests[index + 1]?.violations).toEqual([]);
    }
    const lastPrompt = JSON.stringify(later.at(-1)?.messages);
    expect(lastPrompt).toContain('<function=TOOL_NAME>');
    expect(lastPrompt).toContain('EXECUTION RESULT of [terminal]:');
    expect(lastPrompt).toContain('hello-from-text');
  }, 60_000);
});
