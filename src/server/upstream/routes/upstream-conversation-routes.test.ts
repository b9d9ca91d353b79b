import { describe, expect, it } from 'vitest';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../../testing/api-helpers';
import { serverPerTest } from '../../testing/server-per-test';

const start = serverPerTest();

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const url = (id: string, path: string) => `/api/conversations/${id}/${path}`;

describe('upstream conversation operations', () => {
  it('agent_final_response: "" first, then the final answer', async () => {
    const app = await start({ turns: [{ text: 'The answer is 42.' }] });
    const info = await createConversation(app);
    expect(await call(app, { url: url(info.id, 'agent_final_response') })).toMatchObject({
      status: 200,
      body: { response: '' },
    });
    await call(app, {
      method: 'POST',
      url: url(info.id, 'events'),
      payload: userMessage('q', { run: true }),
    });
    await waitForStatus(app, info.id, ['finished']);
    expect((await call(app, { url: url(info.id, 'agent_final_response') })).body).toEqual({
      response: 'The answer is 42.',
    });
  });

  it('ask_agent answers without touching the log; 422 for a bad body', async () => {
    const app = await start({ turns: [{ text: 'first' }, { text: 'side answer' }] });
    const info = await createConversation(app, { initial_message: userMessage('go', { run: true }) });
    await waitForStatus(app, info.id, ['finished']);
    const before = await allEvents(app, info.id);
    const asked = await call(app, {
      method: 'POST',
      url: url(info.id, 'ask_agent'),
      payload: { question: 'why?' },
    });
    expect(asked).toMatchObject({ status: 200, body: { response: 'side answer' } });
    expect(await allEvents(app, info.id)).toEqual(before);
    for (const payload of [{}, { question: '' }, { question: 'x', extra: 1 }]) {
      expect((await call(app, { method: 'POST', url: url(info.id, 'ask_agent'), payload })).status).toBe(422);
    }
  });

  it('ask_agent: 502 llm_call_failed in plain words when the model fails', async () => {
    const app = await start({ turns: [{ fail: 'auth' }] });
    const info = await createConversation(app);
    const failed = await call(app, {
      method: 'POST',
      url: url(info.id, 'ask_agent'),
      payload: { question: 'hi' },
    });
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('llm_call_failed');
    expect(failed.body.detail).toMatch(/^The model could not answer: /);
  });

  it('ask_agent and condense: 409 llm_not_configured without a model', async () => {
    const app = await start(undefined, { LLM_MODEL: '' });
    const info = await createConversation(app);
    const asked = await call(app, {
      method: 'POST',
      url: url(info.id, 'ask_agent'),
      payload: { question: 'hi' },
    });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('llm_not_configured');
  });

  it('condense takes no body (also an empty JSON body) and condenses', async () => {
    const app = await start({ turns: [{ text: 'one' }, { text: 'SUMMARY' }] });
    const info = await createConversation(app, { initial_message: userMessage('go', { run: true }) });
    await waitForStatus(app, info.id, ['finished']);
    const response = await app.app.inject({
      method: 'POST',
      url: url(info.id, 'condense'),
      headers: { ...app.auth, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const kinds = (await allEvents(app, info.id)).map((event) => event.kind);
    expect(kinds.slice(-2)).toEqual(['CondensationRequest', 'Condensation']);
    expect((await call(app, { method: 'POST', url: url(info.id, 'condense'), payload: {} })).status).toBe(
      200,
    );
    expect(
      (await call(app, { method: 'POST', url: url(info.id, 'condense'), payload: { x: 1 } })).status,
    ).toBe(422);
  });

  it('switch_llm takes upstream LLM objects; a model we cannot serve is 422 llm_unsupported', async () => {
    const app = await start();
    const info = await createConversation(app);
    const switched = await call(app, {
      method: 'POST',
      url: url(info.id, 'switch_llm'),
      payload: {
        llm: {
          model: 'anthropic/claude-sonnet-4',
          api_key: 'sk-ant-route-0123456789abcdef',
          usage_id: 'agent',
          temperature: 0.2,
        },
      },
    });
    expect(switched).toMatchObject({ status: 200, body: { success: true } });
    const after = (await call(app, { url: `/api/conversations/${info.id}` })).body;
    expect(after.llm).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4' });
    expect(JSON.stringify(await allEvents(app, info.id))).not.toContain('sk-ant-route');
    const refused = await call(app, {
      method: 'POST',
      url: url(info.id, 'switch_llm'),
      payload: { llm: { model: 'mystery-model' } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('llm_unsupported');
    expect(refused.body.detail).toContain('mystery-model');
    expect((await call(app, { method: 'POST', url: url(info.id, 'switch_llm'), payload: {} })).status).toBe(
      422,
    );
  });

  it('security_analyzer takes upstream kinds and null, refuses others with 422', async () => {
    const app = await start();
    const info = await createConversation(app);
    const set = async (security_analyzer: unknown) =>
      call(app, { method: 'POST', url: url(info.id, 'security_analyzer'), payload: { security_analyzer } });
    expect((await set({ kind: 'LLMSecurityAnalyzer' })).status).toBe(200);
    expect((await call(app, { url: `/api/conversations/${info.id}` })).body.security_analyzer).toEqual({
      kind: 'LLMSecurityAnalyzer',
    });
    expect((await set(null)).status).toBe(200);
    expect((await call(app, { url: `/api/conversations/${info.id}` })).body.security_analyzer).toEqual({
      kind: 'PatternSecurityAnalyzer',
    });
    const refused = await set({ kind: 'GraySwanAnalyzer' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('security_analyzer_unsupported');
    expect((await set('LLMSecurityAnalyzer')).status).toBe(422);
  });

  it('404 for an unknown conversation on every route', async () => {
    const app = await start();
    const requests = [
      { method: 'GET' as const, url: url(UNKNOWN, 'agent_final_response') },
      { method: 'POST' as const, url: url(UNKNOWN, 'ask_agent'), payload: { question: 'q' } },
      { method: 'POST' as const, url: url(UNKNOWN, 'condense') },
      {
        method: 'POST' as const,
        url: url(UNKNOWN, 'switch_llm'),
        payload: { llm: { model: 'openai/gpt-4o' } },
      },
      {
        method: 'POST' as const,
        url: url(UNKNOWN, 'security_analyzer'),
        payload: { security_analyzer: null },
      },
    ];
    for (const request of requests) {
      const answer = await call(app, request);
      expect(answer.status, request.url).toBe(404);
      expect(answer.body.code).toBe('conversation_not_found');
    }
  });
});
