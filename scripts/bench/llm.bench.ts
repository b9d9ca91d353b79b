import { createAiSdkLLM } from '../../src/runtime/llm/create-ai-sdk-llm';
import type { LLMRequest } from '../../src/runtime/llm/llm';
import { startMockLLM } from '../mock-llm/mock-llm-server';
import type { BenchFigure } from './bench-figure';

const WARMUP = 20;
const SAMPLES = 200;

/**
 * Cost of the real LLM adapter per call against the zero-latency mock over loopback HTTP: a plain
 * fetch of the same streamed reply is the baseline, so the difference is what the AI SDK provider
 * layer plus our retry/abort/timeout guard add per agent step.
 */
export default async function llmBenchmark(): Promise<BenchFigure[]> {
  const mock = await startMockLLM({
    script: {
      turns: [],
      fallback: {
        text: 'Done with the task.',
        tool_calls: [{ name: 'finish', arguments: { message: 'ok' } }],
      },
    },
  });
  try {
    const llm = createAiSdkLLM({ provider: 'openai-compatible', model: 'mock-model', base_url: mock.url });
    const request: LLMRequest = {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Do the task.' }] }],
      tools: [
        {
          name: 'finish',
          description: 'Finish',
          parameters: { type: 'object', properties: { message: { type: 'string' } } },
        },
      ],
    };
    const body = JSON.stringify({
      model: 'mock-model',
      stream: true,
      messages: [{ role: 'user', content: 'Do the task.' }],
    });
    const rawFetch = async () => {
      const response = await fetch(`${mock.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.text();
    };
    return [
      {
        name: 'llm: raw fetch of a streamed mock reply (baseline)',
        unit: 'ms',
        samples: await measure(rawFetch),
      },
      {
        name: 'llm: adapter complete() against the mock',
        unit: 'ms',
        samples: await measure(() => llm.complete(request)),
      },
    ];
  } finally {
    await mock.close();
  }
}

async function measure(call: () => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < WARMUP; index += 1) await call();
  const samples: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return samples;
}
