import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isBundleCurrent } from '../../src/cli/bundle-freshness';
import { startTestWorkbench, type TestWorkbench } from '../../src/cli/testing/start-test-workbench';
import { startMockLLM } from '../mock-llm/mock-llm-server';
import type { BenchFigure } from './bench-figure';

const RUNS = 10;
const IDLE_SETTLE_MS = 5_000;
const root = new URL('../..', import.meta.url).pathname;

/**
 * The automation service's figures through the real launcher and the mock LLM: its idle memory (after
 * 5 s with one automation saved), and the time from a webhook request sent to the ingress until the
 * model receives the run's first call (the service checks the token and the previous run, the runtime
 * creates the conversation and starts the loop). Each run finishes before the next webhook, so none
 * is skipped as overlapping. Uses the build's bundles when current, as `npm start` does.
 */
export default async function automationBenchmark(): Promise<BenchFigure[]> {
  const bundle = isBundleCurrent(root, `${root}dist/automation`);
  process.stderr.write(
    `  automation service: ${bundle ? 'dist/automation bundle' : 'sources through tsx (run npm run build)'}\n`,
  );
  const mockLlm = await startMockLLM({ script: { turns: [], fallback: { text: 'Done.' } } });
  const workbench = await startTestWorkbench({
    env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: mockLlm.url, LLM_MODEL: 'mock-model' },
  });
  try {
    const hook = await createWebhookAutomation(workbench);
    await sleep(IDLE_SETTLE_MS);
    const idleRss = rssMiB(workbench.automationPid() ?? 0);
    const latencies: number[] = [];
    const completions = () =>
      mockLlm.requests().filter((request) => request.path.endsWith('/chat/completions')).length;
    for (let run = 0; run < RUNS; run++) {
      const before = completions();
      const started = performance.now();
      const answer = await fetch(hook, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      const { conversation_id: conversationId } = (await answer.json()) as { conversation_id: string };
      while (completions() === before) await sleep(1);
      latencies.push(performance.now() - started);
      await waitUntilFinished(workbench, conversationId);
    }
    return [
      { name: 'automation: service idle RSS', unit: 'MiB', samples: [idleRss] },
      { name: 'automation: webhook request to first model call', unit: 'ms', samples: latencies },
    ];
  } finally {
    await workbench.cleanup();
    await mockLlm.close();
  }
}

async function createWebhookAutomation(workbench: TestWorkbench): Promise<string> {
  const response = await fetch(`${workbench.url}/api/automation/automations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Session-API-Key': workbench.sessionKey },
    body: JSON.stringify({
      name: 'Bench',
      workspace: workbench.workspace,
      message: 'say done',
      webhook: true,
    }),
  });
  const automation = (await response.json()) as { webhook_url: string };
  return `${workbench.url}${automation.webhook_url}`;
}

async function waitUntilFinished(workbench: TestWorkbench, conversationId: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await fetch(`${workbench.url}/api/conversations/${conversationId}`, {
      headers: { 'X-Session-API-Key': workbench.sessionKey },
    });
    const { execution_status: status } = (await response.json()) as { execution_status: string };
    if (status !== 'running' && status !== 'idle') return;
    await sleep(25);
  }
  throw new Error(`conversation ${conversationId} did not finish`);
}

function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
}
