import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSystemPrompt } from '../../src/runtime/context/system-prompt';
import type { ToolSpec } from '../../src/runtime/events';
import { createAiSdkLLM } from '../../src/runtime/llm/create-ai-sdk-llm';
import type { LLMConfig } from '../../src/runtime/llm/llm-config';
import type { ChatMessage, LLMUsage } from '../../src/runtime/llm/llm';
import { priceOf } from '../../src/runtime/llm/usage-cost';
import { type MockLLM, startMockLLM } from '../mock-llm/mock-llm-server';
import type { BenchFigure } from './bench-figure';

const STEPS = 40;
const TOOL_NAMES = ['terminal', 'file_editor', 'task_tracker', 'think', 'finish'];

/**
 * A 40-step agent session per provider against the mock, which bills cached input like the real APIs
 * (Anthropic at its breakpoints, OpenAI's automatic prefixes): the share of each step's input served
 * from the cache from step 3 on (target: 80 % and more), and the session's cost with caching over its
 * cost with every input token billed fresh (what it cost before the cache hints and a stable prefix).
 */
export default async function promptCacheBenchmark(): Promise<BenchFigure[]> {
  const workspace = await mkdtemp(join(tmpdir(), 'awb-bench-cache-'));
  const mock = await startMockLLM();
  try {
    const prompt = await buildSystemPrompt({
      workspaceDir: workspace,
      now: new Date(0),
      toolNames: TOOL_NAMES,
    });
    const opening: ChatMessage[] = [
      { role: 'system', content: prompt.static, stable: true },
      { role: 'system', content: prompt.dynamic },
      { role: 'user', content: [{ type: 'text', text: 'Make the failing parser tests pass.' }] },
    ];
    const figures: BenchFigure[] = [];
    for (const config of [
      { provider: 'anthropic', model: 'claude-sonnet-4-5', api_key: 'bench' },
      { provider: 'openai', model: 'gpt-4.1', api_key: 'bench' },
    ] satisfies Omit<LLMConfig, 'base_url'>[]) {
      const usages = await session(mock, { ...config, base_url: mock.url }, opening);
      const fromStep3 = usages.slice(2);
      const cached = fromStep3.map((usage) => (100 * usage.cache_read_tokens) / usage.prompt_tokens);
      const withCache = sum(usages.map((usage) => usage.cost ?? Number.NaN));
      const uncached = sum(usages.map((usage) => freshCost(config.model, usage)));
      figures.push(
        {
          name: `prompt cache, ${config.provider}: input served from cache, steps 3–${STEPS}`,
          unit: '%',
          samples: cached,
          lowerIsBetter: false,
        },
        {
          name: `prompt cache, ${config.provider}: ${STEPS}-step session cost, cached / all input fresh`,
          unit: 'x',
          samples: [withCache / uncached],
        },
      );
    }
    return figures;
  } finally {
    await mock.close();
    await rm(workspace, { recursive: true, force: true });
  }
}

/** One conversation: each step calls a tool whose output (of varying size) the next step reads. */
async function session(mock: MockLLM, config: LLMConfig, opening: ChatMessage[]): Promise<LLMUsage[]> {
  mock.setScript({
    turns: Array.from({ length: STEPS }, (_, step) => ({
      text: `Step ${step + 1}: checking.`,
      tool_calls: [
        { id: `call_${step}`, name: 'terminal', arguments: { command: `npm test -- parser ${step}` } },
      ],
    })),
  });
  const llm = createAiSdkLLM(config, { retry: { maxAttempts: 1 } });
  let messages = opening;
  const usages: LLMUsage[] = [];
  for (let step = 0; step < STEPS; step += 1) {
    const response = await llm.complete({ messages, tools: benchTools(), cacheKey: 'bench-conversation' });
    usages.push(response.usage);
    const output = `PASS parser.test.ts (${step})\n${'  ✓ parses a token\n'.repeat(10 + ((step * 7) % 60))}`;
    messages = [
      ...messages,
      { role: 'assistant', content: response.text, tool_calls: response.tool_calls },
      ...response.tool_calls.map(
        (call): ChatMessage => ({
          role: 'tool',
          tool_call_id: call.id,
          tool_name: call.name,
          content: output,
        }),
      ),
    ];
  }
  return usages;
}

function benchTools(): ToolSpec[] {
  return TOOL_NAMES.map((name) => ({
    name,
    description: `${name}: ${'Use it as the system prompt describes. '.repeat(22)}`,
    parameters: {
      type: 'object',
      properties: { command: { type: 'string', description: 'What to do.' }, path: { type: 'string' } },
    },
  }));
}

/** What the call would cost with every input token at the fresh input price. */
function freshCost(model: string, usage: LLMUsage): number {
  const price = priceOf(model);
  if (!price) return Number.NaN;
  return (usage.prompt_tokens * price.input + usage.completion_tokens * price.output) / 1_000_000;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
