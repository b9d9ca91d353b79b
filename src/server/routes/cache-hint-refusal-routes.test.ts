import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import type { Event } from '../../runtime/events';
import { createAiSdkLLM } from '../../runtime/llm/create-ai-sdk-llm';
import type { EventStore } from '../../runtime/store/event-store';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

const servers: TestServer[] = [];
let mock: MockLLM | undefined;
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  await mock?.close();
  mock = undefined;
});

/** A runtime on the mock model; a second one on the same store plays the runtime after a restart. */
async function runtime(llmUrl: string, store?: EventStore): Promise<TestServer> {
  const server = await createTestServer({
    createLLM: (config) => createAiSdkLLM({ ...config, base_url: llmUrl }, { retry: { maxAttempts: 1 } }),
    env: { LLM_PROVIDER: '', LLM_MODEL: '' },
    ...(store ? { store } : {}),
  });
  servers.push(server);
  await call(server, {
    method: 'PATCH',
    url: '/api/settings',
    payload: { llm: { provider: 'openai-compatible', model: 'old-server', base_url: llmUrl } },
  });
  return server;
}

async function runMessage(server: TestServer, id: string, text: string): Promise<void> {
  await call(server, {
    method: 'POST',
    url: `/api/conversations/${id}/events`,
    payload: userMessage(text, { run: true }),
  });
  expect((await waitForStatus(server, id, ['finished', 'error'])).execution_status).toBe('finished');
}

function hinted(requests: MockLLM['requests'] extends () => infer R ? R : never): boolean[] {
  return requests
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => typeof (request.body as { prompt_cache_key?: unknown }).prompt_cache_key === 'string');
}

const notices = (events: Event[], notice: string) =>
  events.filter((event) => event.kind === 'BudgetEvent' && event.notice === notice);

describe('a refused prompt cache hint, remembered by the conversation', () => {
  it('later runs and a restarted runtime send no hint; a model switch sends hints again', async () => {
    mock = await startMockLLM({ refuseCacheHints: true, script: { turns: [], fallback: { text: 'Done.' } } });
    const first = await runtime(mock.url);
    const { id } = await createConversation(first);

    await runMessage(first, id, 'one');
    expect(hinted(mock.requests())).toEqual([true, false]);
    expect(notices(await allEvents(first, id), 'cache_hints_refused')).toMatchObject([
      { model: 'old-server' },
    ]);

    await runMessage(first, id, 'two');
    expect(hinted(mock.requests()).slice(2)).toEqual([false]);

    const restarted = await runtime(mock.url, first.store);
    await runMessage(restarted, id, 'three');
    expect(hinted(mock.requests()).slice(3)).toEqual([false]);

    mock.setRefuseCacheHints(false);
    await call(restarted, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { model: 'new-server' } },
    });
    await runMessage(restarted, id, 'four');
    expect(hinted(mock.requests()).slice(4)).toEqual([true]);
    expect(notices(await allEvents(restarted, id), 'cache_restart')).toMatchObject([
      { cause: 'model_switch', model: 'new-server' },
    ]);
  });
});
