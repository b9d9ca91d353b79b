import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { createAiSdkLLM } from '../../runtime/llm/create-ai-sdk-llm';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
let mock: MockLLM | undefined;
afterEach(async () => {
  await server?.close();
  await mock?.close();
  server = undefined;
  mock = undefined;
});

interface ChatBody {
  tools?: unknown[];
  messages: Array<{ role: string; content: unknown }>;
}

/** The agent steps' requests (a summary call sends no tools). */
function stepBodies(target: MockLLM): ChatBody[] {
  return target
    .requests()
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => request.body as ChatBody)
    .filter((body) => (body.tools?.length ?? 0) > 0);
}

describe('the prefix a prompt cache can keep', () => {
  it('sends the same tools and system text after a condensation and a model switch, and says the cache restarts', async () => {
    mock = await startMockLLM({ script: { turns: [], fallback: { text: 'Done.' } } });
    const llmUrl = mock.url;
    server = await createTestServer({
      createLLM: (config) => createAiSdkLLM({ ...config, base_url: llmUrl }, { retry: { maxAttempts: 1 } }),
      env: { LLM_MODEL: 'model-a' },
    });
    const target = server;
    const { id } = await createConversation(target);
    const run = async (text: string) => {
      await call(target, {
        method: 'POST',
        url: `/api/conversations/${id}/events`,
        payload: userMessage(text, { run: true }),
      });
      expect((await waitForStatus(target, id, ['finished', 'error'])).execution_status).toBe('finished');
    };

    await run('first');
    expect((await call(target, { method: 'POST', url: `/api/conversations/${id}/condense` })).status).toBe(
      200,
    );
    await run('after the condensation');
    const switched = await call(target, {
      method: 'POST',
      url: `/api/conversations/${id}/switch_llm`,
      payload: { llm: { provider: 'openai-compatible', model: 'model-b', base_url: llmUrl } },
    });
    expect(switched.status).toBe(200);
    await run('after the switch');

    const bodies = stepBodies(mock);
    expect(bodies.map((body) => (body as { model?: string }).model)).toEqual([
      'model-a',
      'model-a',
      'model-b',
    ]);
    const [before, ...after] = bodies.map((body) => ({
      tools: JSON.stringify(body.tools),
      system: JSON.stringify(body.messages[0]),
    }));
    expect(before?.system).toContain('"role":"system"');
    for (const request of after) expect(request).toEqual(before);

    const restarts = (await allEvents(target, id)).filter(
      (event) => event.kind === 'BudgetEvent' && event.notice === 'cache_restart',
    );
    expect(restarts).toMatchObject([
      { cause: 'condensation', model: 'model-a', source: 'environment' },
      { cause: 'model_switch', model: 'model-b', source: 'environment' },
    ]);
    expect(JSON.stringify(mock.requests().map((request) => request.body))).not.toContain(
      'cached prompt starts again',
    );
  });
});
