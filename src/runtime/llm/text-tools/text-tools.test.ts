import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../events';
import { LLMError, type ChatMessage, type LLM, type LLMRequest } from '../llm';
import { createNativeToolsMemory } from './native-tools-memory';
import { parseTextToolCalls } from './parse-text-tool-calls';
import { projectForTextTools } from './project-for-text-tools';
import { renderTextToolCall } from './render-text-tool-call';
import { renderToolsPrompt } from './render-tools-prompt';
import { toolsRefused } from './tools-refused';
import { withTextToolCalls } from './with-text-tool-calls';

const TOOLS: ToolSpec[] = [
  {
    name: 'terminal',
    description: 'Runs a shell command.\nOne per call.',
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command line' },
        timeout: { type: 'integer', description: 'Seconds' },
        is_input: { type: 'boolean' },
      },
      required: ['command'],
    },
  },
  {
    name: 'task_tracker',
    description: 'Tracks tasks.',
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', enum: ['view', 'plan'] },
        task_list: { type: 'array', items: { type: 'object' } },
      },
    },
  },
];

let counter = 0;
const newId = () => `text_call_${++counter}`;
const read = (reply: string) => parseTextToolCalls(reply, TOOLS, newId);
const argumentsOf = (reply: string, index = 0) =>
  JSON.parse(read(reply).tool_calls[index]?.arguments ?? 'null');

describe('the tools prompt', () => {
  it('names every tool with its parameters, types, required ones and choices, in one stable text', () => {
    const prompt = renderToolsPrompt(TOOLS);
    expect(prompt).toContain('<function=TOOL_NAME>');
    expect(prompt).toContain('## terminal\nRuns a shell command.\nOne per call.');
    expect(prompt).toContain('- command (string, required): The command line');
    expect(prompt).toContain('- timeout (integer): Seconds');
    expect(prompt).toContain('  one of: "view", "plan"');
    expect(prompt).toContain('- task_list (array)');
    expect(renderToolsPrompt(TOOLS)).toBe(prompt);
  });
});

describe('reading calls from a reply', () => {
  it('reads the words before the calls and each call with typed values', () => {
    const reply =
      'Let me look.\n<function=terminal>\n<parameter=command>ls -la</parameter>\n<parameter=timeout>30</parameter>\n<parameter=is_input>false</parameter>\n</function>\n<function=task_tracker>\n<parameter=command>plan</parameter>\n<parameter=task_list>[{"title": "a"}]</parameter>\n</function>';
    const result = read(reply);
    expect(result.text).toBe('Let me look.');
    expect(result.tool_calls.map((call) => call.name)).toEqual(['terminal', 'task_tracker']);
    expect(JSON.parse(result.tool_calls[0]?.arguments ?? '')).toEqual({
      command: 'ls -la',
      timeout: 30,
      is_input: false,
    });
    expect(JSON.parse(result.tool_calls[1]?.arguments ?? '')).toEqual({
      command: 'plan',
      task_list: [{ title: 'a' }],
    });
    expect(result.errors).toEqual({});
  });

  it('keeps a multi-line value as written, less the layout line breaks', () => {
    const reply = '<function=terminal>\n<parameter=command>\necho one\necho two\n</parameter>\n</function>';
    expect(argumentsOf(reply)).toEqual({ command: 'echo one\necho two' });
  });

  it('a reply without calls is plain words', () => {
    expect(read('All done, nothing to run.')).toEqual({
      text: 'All done, nothing to run.',
      tool_calls: [],
      errors: {},
    });
  });

  it('turns garbage into calls whose errors the model reads', () => {
    const unclosed = read('<function=terminal>\n<parameter=command>ls</parameter>');
    expect(unclosed.tool_calls).toHaveLength(1);
    expect(Object.values(unclosed.errors)[0]).toContain('was not closed with </function>');

    const badNumber = read(
      '<function=terminal>\n<parameter=command>ls</parameter>\n<parameter=timeout>soon</parameter>\n</function>',
    );
    expect(Object.values(badNumber.errors)[0]).toContain('Parameter "timeout" must be an integer');

    const badJson = read(
      '<function=task_tracker>\n<parameter=task_list>[{"title": </parameter>\n</function>',
    );
    expect(Object.values(badJson.errors)[0]).toContain('Parameter "task_list" must be a JSON array');

    const openParameter = read('<function=terminal>\n<parameter=command>ls\n</function>');
    expect(Object.values(openParameter.errors)[0]).toContain('not closed with </parameter>');

    const stray = read('<function=terminal>\nrun ls please\n</function>');
    expect(Object.values(stray.errors)[0]).toContain('outside any <parameter=');

    // An unknown tool is an ordinary call: the loop answers "not found" with the tools there are.
    const unknown = read('<function=rm_rf>\n<parameter=path>/</parameter>\n</function>');
    expect(unknown.tool_calls[0]?.name).toBe('rm_rf');
    expect(unknown.errors).toEqual({});
  });

  it('a call cut by the next call counts as unclosed, and the next one is still read', () => {
    const result = read(
      '<function=terminal>\n<parameter=command>a</parameter>\n<function=terminal>\n<parameter=command>b</parameter>\n</function>',
    );
    expect(result.tool_calls).toHaveLength(2);
    const [first, second] = result.tool_calls;
    expect(result.errors[first?.id ?? '']).toContain('not closed');
    expect(result.errors[second?.id ?? '']).toBeUndefined();
    expect(JSON.parse(second?.arguments ?? '')).toEqual({ command: 'b' });
  });

  it('a call written back as text reads as the same call', () => {
    const call = {
      id: 'c',
      name: 'task_tracker',
      arguments: JSON.stringify({ command: 'plan', task_list: [{ title: 'x\ny' }] }),
    };
    expect(argumentsOf(renderTextToolCall(call))).toEqual(JSON.parse(call.arguments));
    const multiLine = {
      id: 'd',
      name: 'terminal',
      arguments: JSON.stringify({ command: 'a\nb', timeout: 5 }),
    };
    expect(argumentsOf(renderTextToolCall(multiLine))).toEqual({ command: 'a\nb', timeout: 5 });
  });
});

const HISTORY: ChatMessage[] = [
  { role: 'system', content: 'You are the agent.', stable: true },
  { role: 'system', content: 'Workspace: /w' },
  { role: 'user', content: [{ type: 'text', text: 'List files' }] },
  {
    role: 'assistant',
    content: 'Looking.',
    tool_calls: [
      { id: 'a', name: 'terminal', arguments: '{"command":"ls"}' },
      { id: 'b', name: 'terminal', arguments: '{"command":"pwd"}' },
    ],
  },
  { role: 'tool', tool_call_id: 'a', tool_name: 'terminal', content: 'README.md' },
  { role: 'tool', tool_call_id: 'b', tool_name: 'terminal', content: '/w' },
  { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
];

describe('the history for a model without native tools', () => {
  it('holds no tool role and no tool call, turns alternate, and the tools come after the system prompt', () => {
    const projected = projectForTextTools(HISTORY, TOOLS);
    expect(projected.some((message) => message.role === 'tool')).toBe(false);
    expect(
      projected.every((message) => message.role !== 'assistant' || message.tool_calls.length === 0),
    ).toBe(true);
    expect(projected.map((message) => message.role)).toEqual([
      'system',
      'system',
      'system',
      'user',
      'assistant',
      'user',
    ]);
    expect(projected[2]).toMatchObject({ role: 'system', stable: true, content: renderToolsPrompt(TOOLS) });
    const assistant = projected[4];
    expect(assistant?.role === 'assistant' && assistant.content).toContain('Looking.\n\n<function=terminal>');
    const results = projected[5];
    expect(
      results?.role === 'user' && results.content.map((part) => (part.type === 'text' ? part.text : '')),
    ).toEqual([
      'EXECUTION RESULT of [terminal]:\nREADME.md',
      'EXECUTION RESULT of [terminal]:\n/w',
      'Thanks',
    ]);
  });
});

function fakeModel(answer: (request: LLMRequest) => string | LLMError) {
  const requests: LLMRequest[] = [];
  const llm: LLM = {
    provider: 'openai-compatible',
    model: 'small-local',
    async complete(request) {
      requests.push(request);
      const reply = answer(request);
      if (reply instanceof LLMError) throw reply;
      return {
        id: 'r',
        text: reply,
        tool_calls: [],
        usage: {
          prompt_tokens: 1,
          completion_tokens: 1,
          cache_read_tokens: 0,
          cache_write_tokens: 0,
          cost: null,
        },
        finish_reason: 'stop',
      };
    },
  };
  return { llm, requests };
}

const refusal = new LLMError(
  'bad_request',
  'The model provider rejected the request (400): "small-local does not support tools".',
  400,
);
const step = (tools: ToolSpec[] = TOOLS): LLMRequest => ({ messages: HISTORY, tools });

describe('withTextToolCalls', () => {
  it('auto: a refusal naming tools is remembered, told once, and the same step goes again in text', async () => {
    const fake = fakeModel((request) =>
      request.tools.length > 0
        ? refusal
        : '<function=terminal>\n<parameter=command>ls</parameter>\n</function>',
    );
    const memory = createNativeToolsMemory();
    const llm = withTextToolCalls(fake.llm, { mode: 'auto', memory, key: 'k', newId });
    let told = 0;
    const response = await llm.complete({ ...step(), onNativeToolsRefused: () => told++ });
    expect(response.tool_calls.map((call) => call.name)).toEqual(['terminal']);
    expect(told).toBe(1);
    expect(fake.requests.map((request) => request.tools.length)).toEqual([2, 0]);
    await llm.complete(step());
    expect(fake.requests.map((request) => request.tools.length)).toEqual([2, 0, 0]);
    expect(told).toBe(1);
  });

  it('auto: another 400 (a history the provider pairs wrongly) is not taken for a refusal of tools', async () => {
    expect(
      toolsRefused(new LLMError('bad_request', 'tool_use ids were found without tool_result blocks', 400)),
    ).toBe(false);
    expect(
      toolsRefused(new LLMError('bad_request', '"auto" tool choice requires --enable-auto-tool-choice', 400)),
    ).toBe(true);
    expect(
      toolsRefused(new LLMError('bad_request', 'Unrecognized request argument supplied: tools', 400)),
    ).toBe(true);
    expect(toolsRefused(new LLMError('server', 'tools not supported', 500))).toBe(false);
    const fake = fakeModel(() => new LLMError('bad_request', 'model not found', 400));
    const llm = withTextToolCalls(fake.llm, {
      mode: 'auto',
      memory: createNativeToolsMemory(),
      key: 'k',
      newId,
    });
    await expect(llm.complete(step())).rejects.toThrow('model not found');
    expect(fake.requests).toHaveLength(1);
  });

  it('off: no tools are ever sent; on: the request passes untouched; no tools: untouched', async () => {
    const fake = fakeModel(() => 'plain answer');
    const off = withTextToolCalls(fake.llm, {
      mode: false,
      memory: createNativeToolsMemory(),
      key: 'k',
      newId,
    });
    expect((await off.complete(step())).text).toBe('plain answer');
    expect(fake.requests[0]?.tools).toEqual([]);
    const on = withTextToolCalls(fake.llm, {
      mode: true,
      memory: createNativeToolsMemory(),
      key: 'k',
      newId,
    });
    await on.complete(step());
    expect(fake.requests[1]?.tools).toHaveLength(2);
    await off.complete(step([]));
    expect(fake.requests[2]?.messages).toBe(HISTORY);
  });
});
