import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestToolset } from '../../src/runtime/agent/testing/create-test-toolset';
import { createAiSdkLLM } from '../../src/runtime/llm/create-ai-sdk-llm';
import { type LLM, LLMError } from '../../src/runtime/llm/llm';
import type { LLMScript } from '../../src/runtime/llm/llm-script';
import { openSqliteEventStore } from '../../src/runtime/store/sqlite-event-store';
import { startMockLLM } from '../mock-llm/mock-llm-server';
import { benchConversationService } from './bench-conversation-service';
import type { BenchFigure } from './bench-figure';

const RUNS = 30;
const HISTORY_STEPS = 20;

/**
 * What recovering from a context overflow costs before the agent goes on: from the moment the real
 * adapter rejects a step's call as too long (a 400 from the mock, over loopback HTTP) to the moment
 * the retried step's model call starts. In between: the harder condensation plan, one summary call
 * to the zero-latency mock, the durable Condensation in SQLite, and the view rebuilt from it. A
 * 20-step history, so the plan and the view have something to chew on. The summary call itself is
 * instant here; against a real provider it dominates.
 */
export default async function condensationBenchmark(): Promise<BenchFigure[]> {
  const turns = Array.from({ length: HISTORY_STEPS }, (_, index) => ({
    tool_calls: [{ name: 'terminal', arguments: { command: `echo ${index} ${'x'.repeat(400)}` } }],
  }));
  const script: LLMScript = {
    turns: [
      ...turns,
      { fail: 'context_overflow' },
      { text: 'SUMMARY of the earlier steps.' },
      { text: 'Done.' },
    ],
  };
  const mock = await startMockLLM({ script });
  const dataDir = await mkdtemp(join(tmpdir(), 'condensation-bench-'));
  const samples: number[] = [];
  const summaryCalls: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      mock.setScript(script);
      let refusedAt: number | undefined;
      let retriedAt: number | undefined;
      let summaryTime = 0;
      const real = createAiSdkLLM({ provider: 'openai-compatible', model: 'mock-model', base_url: mock.url });
      const llm: LLM = {
        provider: real.provider,
        model: real.model,
        complete: async (request) => {
          if (refusedAt !== undefined && retriedAt === undefined && request.purpose !== 'summary')
            retriedAt = performance.now();
          const started = performance.now();
          try {
            return await real.complete(request);
          } catch (error) {
            if (error instanceof LLMError && error.code === 'context_overflow')
              refusedAt ??= performance.now();
            throw error;
          } finally {
            if (request.purpose === 'summary') summaryTime += performance.now() - started;
          }
        },
      };
      const store = openSqliteEventStore(join(dataDir, `run-${run}.db`));
      const service = benchConversationService(store, llm, dataDir, {
        model: 'mock-model',
        toolset: () => createTestToolset(),
      });
      const { info } = await service.create({ max_iterations: 100, stuck_detection: false });
      await service.sendMessage(info.id, {
        role: 'user',
        content: [{ type: 'text', text: 'Go.' }],
        run: true,
      });
      while ((await service.get(info.id)).execution_status === 'running')
        await new Promise((resolve) => setTimeout(resolve, 1));
      const status = (await service.get(info.id)).execution_status;
      await service.close();
      await store.close();
      if (status !== 'finished' || refusedAt === undefined || retriedAt === undefined)
        throw new Error(`the overflow was not recovered from (status ${status})`);
      samples.push(retriedAt - refusedAt);
      summaryCalls.push(summaryTime);
    }
  } finally {
    await mock.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return [
    {
      name: 'condensation: context overflow to the retried model call (real adapter, mock, 20-step history)',
      unit: 'ms',
      samples,
    },
    {
      name: 'condensation: of which the summary call to the mock',
      unit: 'ms',
      samples: summaryCalls,
    },
  ];
}
