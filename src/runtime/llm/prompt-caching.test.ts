import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../scripts/mock-llm/failure-bodies';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { promptBlocks } from '../../../scripts/mock-llm/prompt-blocks';
import { cachePrefixDrift } from '../../../scripts/mock-llm/strict/cache-prefix-drift';
import { validateProviderRequest } from '../../../scripts/mock-llm/strict/validate-request';
import type { ToolSpec } from '../events';
import { createAiSdkLLM } from './create-ai-sdk-llm';
import type { LLMConfig } from './llm-config';
import type { ChatMessage, LLMResponse } from './llm';

/**
 * Prompt caching over multi-step conversations, per provider, through the real adapter and the
 * strict mock, which bills cached input like the real APIs: where the hints go, that everything
 * before the latest turn is the same bytes on the next call, the resend without hints an older server
 * asks for, and what the usage and cost say.
 */
let mock: MockLLM;
beforeAll(async () => {
  mock = await startMockLLM();
});
afterAll(async () => {
  await mock.close();
});
beforeEach(async () => {
  mock.setRefuseCacheHints(false);
  await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
});

interface Target {
  name: string;
  config: Omit<LLMConfig, 'base_url'>;
  dialect: Dialect;
}

const targets: Target[] = [
  {
    name: 'anthropic',
    config: { provider: 'anthropic', model: 'claude-sonnet-4-5', api_key: 'sk-ant-test' },
    dialect: 'anthropic',
  },
  {
    name: 'openai Chat Completions',
    config: { provider: 'openai', model: 'gpt-4.1', api_key: 'sk-test' },
    dialect: 'openai',
  },
  {
    name: 'openai Responses',
    config: { provider: 'openai', model: 'gpt-5-mini', api_key: 'sk-test' },
    dialect: 'responses',
  },
  {
    name: 'openai-compatible',
    config: { provider: 'openai-compatible', model: 'mock-model' },
    dialect: 'openai',
  },
];

const CONVERSATION_ID = '7f3c2a10-5b1e-4c9d-8e2f-0a1b2c3d4e5f';
const tools: ToolSpec[] = ['terminal', 'file_editor', 'think'].map((name) => ({
  name,
  description: `${name}: ${'does its job carefully. '.repeat(30)}`,
  parameters: { type: 'object', properties: { command: { type: 'string' } } },
}));
const staticPrompt = `You are a careful coding agent.\n${'Follow the house rules. '.repeat(200)}`;
const dynamicContext = 'Current date: 2026-01-01 (UTC).\nWorkspace: /work/project';

function opening(task: string): ChatMessage[] {
  return [
    { role: 'system', content: staticPrompt, stable: true },
    { role: 'system', content: dynamicContext },
    { role: 'user', content: [{ type: 'text', text: task }] },
  ];
}

/** The history after a reply: its tool calls, each answered, as the agent records them. */
function afterReply(history: ChatMessage[], response: LLMResponse, output: string): ChatMessage[] {
  return [
    ...history,
    { role: 'assistant', content: response.text, tool_calls: response.tool_calls },
    ...response.tool_calls.map(
      (call): ChatMessage => ({ role: 'tool', tool_call_id: call.id, tool_name: call.name, content: output }),
    ),
  ];
}

function toolTurn(step: number, calls = 1) {
  return {
    text: `Step ${step}.`,
    tool_calls: Array.from({ length: calls }, (_, index) => ({
      id: `call_${step}_${index}`,
      name: 'terminal',
      arguments: { command: `ls -la dir${step}/${index}` },
    })),
  };
}

/** Runs `steps` agent steps of one conversation; the last answers in plain text. */
async function converse(target: Target, steps: number, callsAt: (step: number) => number = () => 1) {
  mock.setScript({
    turns: [
      ...Array.from({ length: steps - 1 }, (_, step) => toolTurn(step + 1, callsAt(step + 1))),
      { text: 'All done.' },
    ],
  });
  const llm = createAiSdkLLM({ ...target.config, base_url: mock.url }, { retry: { maxAttempts: 1 } });
  let history = opening('Tidy the project.');
  const responses: LLMResponse[] = [];
  for (let step = 1; step <= steps; step += 1) {
    const response = await llm.complete({ messages: history, tools, cacheKey: CONVERSATION_ID });
    responses.push(response);
    history = afterReply(history, response, `output of step ${step}\n${'file.txt '.repeat(40)}`);
  }
  const bodies = mock.requests().map((request) => request.body as Record<string, unknown>);
  return { llm, responses, bodies, history };
}

function breakpointPaths(body: Record<string, unknown>): string[] {
  return promptBlocks('anthropic', body)
    .filter((block) => block.breakpoint)
    .map((block) => block.path.join('.'));
}

describe('prompt caching over a multi-step conversation', () => {
  for (const target of targets) {
    it(`${target.name}: every request valid, the prefix byte-stable between steps`, async () => {
      const { bodies } = await converse(target, 6);
      expect(bodies).toHaveLength(6);
      for (const body of bodies) expect(validateProviderRequest(target.dialect, body)).toEqual([]);
      for (let step = 1; step < bodies.length; step += 1)
        expect(cachePrefixDrift(target.dialect, bodies[step - 1], bodies[step])).toEqual([]);
    });

    it(`${target.name}: from step 3 on at least 80% of the input is read from the cache`, async () => {
      const { responses } = await converse(target, 8);
      for (const response of responses.slice(2)) {
        const { prompt_tokens: prompt, cache_read_tokens: read } = response.usage;
        expect(read / prompt).toBeGreaterThanOrEqual(0.8);
      }
    });
  }

  it('anthropic: breakpoints on the last tool, the static system block, the previous end and the latest turn', async () => {
    const { bodies } = await converse(targets[0] as Target, 3);
    const [first, , third] = bodies;
    expect(first && breakpointPaths(first)).toEqual(['tools.2', 'system.0', 'messages.0.content.0']);
    // The third call: user, assistant, results, assistant, results.
    expect(third && breakpointPaths(third)).toEqual([
      'tools.2',
      'system.0',
      'messages.2.content.0',
      'messages.4.content.0',
    ]);
    expect(third?.system).toEqual([
      { type: 'text', text: staticPrompt, cache_control: { type: 'ephemeral' } },
      { type: 'text', text: dynamicContext },
    ]);
  });

  it('anthropic: a turn of 25 parallel tool calls does not defeat the cache (the previous end is a breakpoint)', async () => {
    const { responses, bodies } = await converse(targets[0] as Target, 5, (step) => (step === 2 ? 25 : 1));
    for (const body of bodies) expect(breakpointPaths(body).length).toBeLessThanOrEqual(4);
    // The call after the wide turn reads all the call before it sent from the cache.
    expect(responses[2]?.usage.cache_read_tokens).toBe(responses[1]?.usage.prompt_tokens);
  });

  it('anthropic: usage counts cache reads and writes, and the cost prices them below fresh input', async () => {
    const { responses } = await converse(targets[0] as Target, 4);
    const [first, second] = responses.map((response) => response.usage);
    expect(first?.cache_read_tokens).toBe(0);
    expect(first?.cache_write_tokens).toBeGreaterThan(0);
    expect(second?.cache_read_tokens).toBeGreaterThanOrEqual(first?.cache_write_tokens ?? Number.NaN);
    for (const usage of responses.map((response) => response.usage)) {
      const { prompt_tokens: prompt, completion_tokens: completion } = usage;
      const fresh = prompt - usage.cache_read_tokens - usage.cache_write_tokens;
      const expected =
        (fresh * 3 + usage.cache_read_tokens * 0.3 + usage.cache_write_tokens * 3.75 + completion * 15) / 1e6;
      expect(usage.cost).toBeCloseTo(expected, 9);
    }
    const uncached = (second?.prompt_tokens ?? 0) * 3e-6;
    expect(second?.cost).toBeLessThan(uncached);
  });

  it('openai: one prompt_cache_key for the conversation, a hash that does not show its id', async () => {
    for (const target of targets.slice(1)) {
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
      const { bodies, responses } = await converse(target, 3);
      const keys = new Set(bodies.map((body) => body.prompt_cache_key));
      expect(keys.size).toBe(1);
      const [key] = keys;
      expect(key).toMatch(/^awb-[0-9a-f]{32}$/);
      expect(String(key)).not.toContain(CONVERSATION_ID.slice(0, 8));
      expect(bodies.every((body) => !JSON.stringify(body).includes('cache_control'))).toBe(true);
      const cost = responses[2]?.usage.cost;
      if (target.config.provider === 'openai-compatible') expect(cost).toBeNull();
      else expect(cost).toBeGreaterThan(0);
    }
  });

  it('openai: the system text is one message, the same bytes at every step', async () => {
    const { bodies } = await converse(targets[1] as Target, 3);
    const systems = bodies.map((body) =>
      (body.messages as { role: string }[]).filter((m) => m.role === 'system'),
    );
    for (const system of systems)
      expect(system).toEqual([{ role: 'system', content: `${staticPrompt}\n\n${dynamicContext}` }]);
  });
});

describe('a server that refuses prompt cache hints', () => {
  for (const target of targets) {
    it(`${target.name}: the request is sent again without them once, and later calls never send them`, async () => {
      mock.setRefuseCacheHints(true);
      const notices: string[] = [];
      mock.setScript({ turns: [toolTurn(1), { text: 'Done.' }] });
      const llm = createAiSdkLLM({ ...target.config, base_url: mock.url }, { retry: { maxAttempts: 1 } });
      const history = opening('Tidy the project.');
      const first = await llm.complete({
        messages: history,
        tools,
        cacheKey: CONVERSATION_ID,
        onRetry: (error) => notices.push(error.detail),
      });
      const second = await llm.complete({
        messages: afterReply(history, first, 'ok'),
        tools,
        cacheKey: CONVERSATION_ID,
      });
      expect(second.text).toBe('Done.');
      const requests = mock.requests();
      expect(requests).toHaveLength(3);
      expect(requests[0]?.violations.join(' ')).toMatch(/cache_control|prompt_cache_key/);
      for (const request of requests.slice(1)) {
        expect(request.violations).toEqual([]);
        expect(JSON.stringify(request.body)).not.toMatch(/cache_control|prompt_cache_key/);
      }
      expect(notices).toHaveLength(1);
    });
  }
});
