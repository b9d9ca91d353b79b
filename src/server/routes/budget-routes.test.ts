import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import type { BudgetEvent } from '../../runtime/events';
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

/** A body sent as raw JSON text, so numbers JSON cannot name as values (1e400 is Infinity once parsed) get through. */
async function rawJson(target: TestServer, method: 'POST' | 'PATCH', url: string, body: string) {
  const response = await target.app.inject({
    method,
    url,
    headers: { ...target.auth, 'content-type': 'application/json' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

const HOSTILE_BUDGETS = ['0', '-1', '-0.0001', '1e400', '-1e400', '"5"', 'true', '{}'];

describe('budgets at every entry point', () => {
  it.each(HOSTILE_BUDGETS)(
    'create refuses max_budget_per_run %s with 422 naming the field',
    async (value) => {
      server = await createTestServer();
      for (const field of [
        'max_budget_per_run',
        'max_budget_per_conversation',
        'max_budget_per_automation_run',
      ]) {
        const { status, body } = await rawJson(
          server,
          'POST',
          '/api/conversations',
          `{"${field}": ${value}}`,
        );
        expect(status).toBe(422);
        expect(body.code).toBe('validation_failed');
        expect(body.detail[0].loc).toEqual(['body', field]);
      }
      expect((await call(server, { url: '/api/conversations/count' })).body).toBe(0);
    },
  );

  it.each(HOSTILE_BUDGETS)(
    'settings and a conversation update refuse a budget of %s with 422',
    async (value) => {
      server = await createTestServer();
      const { id } = await createConversation(server);
      const settings = await rawJson(
        server,
        'PATCH',
        '/api/settings',
        `{"budgets": {"max_budget_per_run": ${value}}}`,
      );
      expect(settings.status).toBe(422);
      expect(settings.body.code).toBe('validation_failed');
      const update = await rawJson(
        server,
        'PATCH',
        `/api/conversations/${id}`,
        `{"budgets": {"max_budget_per_conversation": ${value}}}`,
      );
      expect(update.status).toBe(422);
      expect(update.body.detail[0].loc).toEqual(['body', 'budgets', 'max_budget_per_conversation']);
      expect((await call(server, { url: '/api/settings' })).body.budgets.max_budget_per_run).toBeNull();
    },
  );

  it('a new conversation takes the settings default; its own value or null wins over it', async () => {
    server = await createTestServer();
    const patched = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { budgets: { max_budget_per_run: 2, max_budget_per_conversation: 10 } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.budgets).toEqual({
      max_budget_per_run: 2,
      max_budget_per_conversation: 10,
      max_budget_per_automation_run: null,
    });
    expect((await createConversation(server)).budgets).toEqual(patched.body.budgets);
    const own = await createConversation(server, {
      max_budget_per_run: 0.5,
      max_budget_per_conversation: null,
    });
    expect(own.budgets).toEqual({
      max_budget_per_run: 0.5,
      max_budget_per_conversation: null,
      max_budget_per_automation_run: null,
    });
  });
});

describe('a run priced by the real adapter against the mock model', () => {
  it('pauses at its budget after three steps, and goes on to the end once the budget is raised', async () => {
    // gpt-4o lists $2.50 per million input and $10 per million output tokens: a step of 1,000 in and
    // 25,000 out costs $0.2525 (a large answer, not a large prompt, which would make the run condense).
    const step = (command: string) => ({
      tool_calls: [{ name: 'terminal', arguments: { command } }],
      usage: { prompt_tokens: 1_000, completion_tokens: 25_000 },
    });
    mock = await startMockLLM({
      model: 'gpt-4o',
      script: { turns: [step('a'), step('b'), step('c'), step('d'), { text: 'All done.' }] },
    });
    const llmUrl = mock.url;
    server = await createTestServer({
      createLLM: (config) => createAiSdkLLM({ ...config, base_url: llmUrl }, { retry: { maxAttempts: 1 } }),
      env: { LLM_MODEL: 'gpt-4o', LLM_API_KEY: 'sk-mock' },
    });
    const { id } = await createConversation(server, { title: 'Priced', max_budget_per_run: 0.6 });
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${id}/events`,
      payload: userMessage('work', { run: true }),
    });
    const paused = await waitForStatus(server, id, ['paused', 'finished', 'error']);
    expect(paused.execution_status).toBe('paused');
    expect(mock.requests()).toHaveLength(3);
    const [reached] = (await allEvents(server, id)).filter((event) => event.kind === 'BudgetEvent');
    expect(reached).toMatchObject({ notice: 'budget_reached', budget: 'run', limit_usd: 0.6 });
    expect((reached as BudgetEvent).spent_usd).toBeGreaterThanOrEqual(0.75);

    const raised = await call(server, {
      method: 'PATCH',
      url: `/api/conversations/${id}`,
      payload: { budgets: { max_budget_per_run: 5 } },
    });
    expect(raised.status).toBe(200);
    expect((await call(server, { method: 'POST', url: `/api/conversations/${id}/run` })).status).toBeLessThan(
      300,
    );
    expect((await waitForStatus(server, id, ['finished', 'error'])).execution_status).toBe('finished');
    expect(mock.requests()).toHaveLength(5);
  });
});
