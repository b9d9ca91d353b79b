import { afterEach, describe, expect, it } from 'vitest';
import type { ActionEvent, ObservationEvent, SystemPromptEvent, TaskObservation } from '../events';
import type { LLMScript, ScriptTurn } from '../llm/llm-script';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';
import { gatedTestToolset } from './testing/gated-test-toolset';

let harness: ServiceHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const task = (args: Record<string, unknown>, id = 'call_task'): ScriptTurn => ({
  tool_calls: [{ id, name: 'task', arguments: args }],
});
const finish = (message: string): ScriptTurn => ({
  tool_calls: [{ name: 'finish', arguments: { message } }],
});

async function start(script: LLMScript, options: Parameters<typeof createServiceHarness>[0] = {}) {
  harness = await createServiceHarness({ script, ...options });
  return harness;
}

async function taskObservation(h: ServiceHarness, id: string): Promise<TaskObservation> {
  const observations = (await h.kinds(id, 'ObservationEvent')) as ObservationEvent[];
  const found = observations.find((event) => event.observation.kind === 'TaskObservation');
  if (found?.observation.kind !== 'TaskObservation') throw new Error('no task observation');
  return found.observation;
}

async function onlyChild(h: ServiceHarness, parent: string): Promise<string> {
  const children = (await h.service.get(parent)).sub_conversation_ids ?? [];
  expect(children).toHaveLength(1);
  return children[0] as string;
}

async function offeredTools(h: ServiceHarness, id: string): Promise<string[]> {
  const [prompt] = (await h.kinds(id, 'SystemPromptEvent')) as SystemPromptEvent[];
  return (prompt?.tools ?? []).map((tool) => tool.name).sort();
}

describe('the task tool', () => {
  it("runs a child conversation to its end and answers the parent with the child's final answer", async () => {
    const h = await start({
      turns: [
        task({ description: 'Count the files', prompt: 'How many files are there?' }),
        finish('There are 3 files.'),
        finish('The sub-agent says 3.'),
      ],
    });
    const parent = await h.create();
    await h.say(parent, 'delegate it');
    expect(await h.settled(parent)).toBe('finished');

    const observation = await taskObservation(h, parent);
    const child = await onlyChild(h, parent);
    expect(observation).toMatchObject({ status: 'completed', task_id: child, is_error: false });
    expect(observation.content[0]).toMatchObject({ text: 'There are 3 files.' });

    const childInfo = await h.service.get(child);
    const [action] = (await h.kinds(parent, 'ActionEvent')) as ActionEvent[];
    expect(childInfo).toMatchObject({
      parent_conversation_id: parent,
      parent_action_id: action?.id,
      title: 'Count the files',
      execution_status: 'finished',
      workspace: { working_dir: h.workspace },
    });
    // The child's context is its prompt alone, under a system prompt that says it is a sub-agent.
    const childMessages = await h.kinds(child, 'MessageEvent');
    expect(childMessages).toHaveLength(1);
    expect(childMessages[0]).toMatchObject({
      llm_message: { content: [{ text: 'How many files are there?' }] },
    });
    const [childPrompt] = (await h.kinds(child, 'SystemPromptEvent')) as SystemPromptEvent[];
    expect(childPrompt?.system_prompt.text).toMatch(/You are a sub-agent/);
    expect((await h.service.get(parent)).parent_conversation_id).toBeNull();
  });

  it('lists children only when asked, and shows them under their parent', async () => {
    const h = await start({ turns: [task({ prompt: 'look' }), finish('seen'), finish('done')] });
    const parent = await h.create();
    await h.say(parent, 'go');
    await h.settled(parent);
    const child = await onlyChild(h, parent);

    const listed = await h.service.search({ limit: 50, sort_order: 'CREATED_AT' });
    expect(listed.items.map((item) => item.id)).toEqual([parent]);
    expect(await h.service.count({})).toBe(1);
    const all = await h.service.search({ limit: 50, sort_order: 'CREATED_AT', include_children: true });
    expect(all.items.map((item) => item.id)).toEqual([parent, child]);
    expect(await h.service.count({ include_children: true })).toBe(2);
  });

  it('gives the child only the tools named, and refuses a tool the parent does not have', async () => {
    const h = await start({
      turns: [
        task({ prompt: 'widen my tools', tools: ['terminal'] }),
        task({ prompt: 'search only', tools: ['file_editor'] }, 'call_task2'),
        // The child tries a tool it was not given.
        { tool_calls: [{ name: 'terminal', arguments: { command: 'id', security_risk: 'LOW' } }] },
        finish('could not run it'),
        finish('done'),
      ],
    });
    // The parent may use only the file editor: it cannot hand its child the terminal.
    // What the upstream edge makes of `agent.tools: [FileEditorTool, TaskToolSet]` (upstream-create-conversation.ts).
    const parent = await h.create(
      { llm: { provider: 'openai', model: 'scripted-model' } },
      { tools: ['file_editor', 'task'], upstream_model: 'openai/scripted-model', make_missing_folder: true },
    );
    await h.say(parent, 'go');
    await h.settled(parent);

    const observations = ((await h.kinds(parent, 'ObservationEvent')) as ObservationEvent[]).map(
      (event) => event.observation,
    );
    expect(observations[0]).toMatchObject({
      kind: 'TaskObservation',
      status: 'refused',
      task_id: '',
      is_error: true,
    });
    expect(observations[0]?.content[0]).toMatchObject({ text: expect.stringMatching(/no "terminal"/) });
    const child = await onlyChild(h, parent);
    expect(await offeredTools(h, child)).toEqual(['file_editor', 'finish', 'think']);
    // The child's terminal call is an unknown tool there: nothing ran.
    expect(h.executed().some((action) => action.kind === 'TerminalAction')).toBe(false);
  });

  it('caps the depth: a grandchild has no task tool, so it cannot delegate again', async () => {
    const h = await start({
      turns: [
        task({ prompt: 'level one' }),
        task({ prompt: 'level two' }),
        task({ prompt: 'level three' }),
        finish('two done'),
        finish('one done'),
        finish('all done'),
      ],
    });
    const parent = await h.create();
    await h.say(parent, 'go');
    expect(await h.settled(parent)).toBe('finished');
    const child = await onlyChild(h, parent);
    const grandchild = await onlyChild(h, child);
    expect(await offeredTools(h, child)).toContain('task');
    expect(await offeredTools(h, grandchild)).not.toContain('task');
    // The grandchild's task call found no such tool; it made no conversation.
    expect((await h.service.get(grandchild)).sub_conversation_ids).toEqual([]);
    const errors = await h.kinds(grandchild, 'AgentErrorEvent');
    expect(errors[0]).toMatchObject({ tool_name: 'task' });
    expect(await h.service.count({ include_children: true })).toBe(3);
  });

  it('a child that loops is stopped by its own iteration limit, and the parent is told why', async () => {
    const think = { tool_calls: [{ name: 'think', arguments: { thought: 'again' } }] };
    const h = await start({ turns: [task({ prompt: 'loop forever' })], fallback: think });
    const parent = await h.create({ max_iterations: 4, stuck_detection: false });
    await h.say(parent, 'go');
    await h.until(async () => (await h.kinds(parent, 'ObservationEvent')).length > 0);
    const observation = await taskObservation(h, parent);
    expect(observation).toMatchObject({ status: 'error', is_error: true });
    expect(observation.content[0]).toMatchObject({ text: expect.stringMatching(/MaxIterationsReached/) });
    const child = observation.task_id;
    expect((await h.service.get(child)).execution_status).toBe('error');
    await h.service.interrupt(parent);
  });

  it("rolls the child's cost up into the parent's, keeps the child's own, and the parent's budget counts it", async () => {
    const priced = (turn: ScriptTurn, cost: number): ScriptTurn => ({
      ...turn,
      usage: { prompt_tokens: 100, completion_tokens: 10, cost },
    });
    const h = await start({
      turns: [
        priced(task({ prompt: 'spend' }), 0.01),
        priced({ tool_calls: [{ name: 'think', arguments: { thought: 'a' } }] }, 0.02),
        priced({ tool_calls: [{ name: 'think', arguments: { thought: 'b' } }] }, 0.02),
        priced(finish('never'), 0.01),
      ],
    });
    const parent = await h.create({ max_budget_per_run: 0.025 });
    await h.say(parent, 'go');
    expect(await h.settled(parent)).toBe('paused');

    const observation = await taskObservation(h, parent);
    expect(observation).toMatchObject({ status: 'budget', is_error: true });
    const child = observation.task_id;
    const childInfo = await h.service.get(child);
    // What was left of the parent's run budget is the child's.
    expect(childInfo.budgets?.max_budget_per_run).toBeCloseTo(0.015);
    expect(childInfo.stats.cost).toBeCloseTo(0.02);
    expect((await h.service.get(parent)).stats.cost).toBeCloseTo(0.03);
    // The parent's next step found its budget (with its child's spend) reached.
    expect((await h.service.get(parent)).budget_pause).toMatchObject({ budget: 'run' });
  });
});

describe('a parent and its children', () => {
  it('pausing the parent pauses its running child, and the task call ends with that', async () => {
    const gate = gatedTestToolset();
    const h = await start(
      {
        turns: [
          task({ prompt: 'slow work' }),
          { tool_calls: [{ name: 'terminal', arguments: { command: 'gate', security_risk: 'LOW' } }] },
          finish('never reached'),
        ],
      },
      { createToolset: gate.create },
    );
    const parent = await h.create();
    await h.say(parent, 'go');
    await gate.entered;
    const child = await onlyChild(h, parent);

    await h.service.pause(parent);
    expect((await h.service.get(child)).execution_status).toBe('paused');
    gate.open();
    await h.until(async () => (await h.kinds(parent, 'ObservationEvent')).length > 0);
    expect(await taskObservation(h, parent)).toMatchObject({ status: 'paused', task_id: child });
    expect((await h.service.get(parent)).execution_status).toBe('paused');
    expect((await h.service.get(child)).execution_status).toBe('paused');
  });

  it('stopping the parent stops its child at once', async () => {
    const h = await start({
      turns: [
        task({ prompt: 'sleep' }),
        { tool_calls: [{ name: 'terminal', arguments: { command: 'sleep', security_risk: 'LOW' } }] },
      ],
    });
    const parent = await h.create();
    await h.say(parent, 'go');
    await h.until(() => h.executed().some((action) => action.kind === 'TerminalAction'));
    const child = await onlyChild(h, parent);

    await h.service.interrupt(parent);
    expect((await h.service.get(parent)).execution_status).toBe('paused');
    await h.until(async () => (await h.service.get(child)).execution_status === 'paused');
    expect(await h.kinds(child, 'InterruptEvent')).toHaveLength(1);
  });

  it("a child waiting for confirmation waits for the person; the answer goes on and the parent gets the child's answer", async () => {
    const h = await start(
      {
        turns: [
          task({ prompt: 'run a command' }),
          { tool_calls: [{ name: 'terminal', arguments: { command: 'make', security_risk: 'LOW' } }] },
          finish('made'),
          finish('child made it'),
        ],
      },
      { confirmationPolicy: { kind: 'AlwaysConfirm' } },
    );
    // The parent's task call needs approval too, as every action under "Always ask".
    const parent = await h.create();
    await h.say(parent, 'go');
    expect(await h.settled(parent)).toBe('waiting_for_confirmation');
    await h.service.respondToConfirmation(parent, { accept: true });
    await h.until(async () => ((await h.service.get(parent)).sub_conversation_ids ?? []).length === 1);
    const child = await onlyChild(h, parent);
    await h.until(async () => (await h.service.get(child)).execution_status === 'waiting_for_confirmation');
    expect((await h.service.get(parent)).execution_status).toBe('running');

    await h.service.respondToConfirmation(child, { accept: true });
    expect(await h.settled(parent)).toBe('finished');
    expect(await taskObservation(h, parent)).toMatchObject({ status: 'completed' });
    expect(h.executed().some((action) => action.kind === 'TerminalAction' && action.command === 'make')).toBe(
      true,
    );
  });

  it('deleting the parent deletes its children and theirs', async () => {
    const h = await start({
      turns: [task({ prompt: 'one' }), task({ prompt: 'two' }), finish('2'), finish('1'), finish('0')],
    });
    const parent = await h.create();
    await h.say(parent, 'go');
    await h.settled(parent);
    const child = await onlyChild(h, parent);
    const grandchild = await onlyChild(h, child);

    await h.service.delete(parent);
    expect(await h.store.getConversation(child)).toBeUndefined();
    expect(await h.store.getConversation(grandchild)).toBeUndefined();
    expect(await h.service.count({ include_children: true })).toBe(0);
  });
});
