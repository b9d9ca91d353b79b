import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { createAiSdkLLM } from '../../runtime/llm/create-ai-sdk-llm';
import { call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
let mock: MockLLM | undefined;
afterEach(async () => {
  await server?.close();
  await mock?.close();
  server = undefined;
  mock = undefined;
});

/** Raw JSON text, so a number JSON.parse turns into Infinity (1e400) reaches the schema. */
async function patchRaw(target: TestServer, body: string) {
  const response = await target.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { ...target.auth, 'content-type': 'application/json' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

const PRICE = { input: 1, cached_input: 0.1, cache_write: 1.25, output: 4 };

describe('price overrides in /api/settings', () => {
  it('PATCH replaces them, GET shows them and they survive a reload of settings.json', async () => {
    server = await createTestServer();
    const patched = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { prices: { 'local-coder': PRICE } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.prices).toEqual({ 'local-coder': PRICE });
    expect((await call(server, { url: '/api/settings' })).body.prices).toEqual({ 'local-coder': PRICE });
    const cleared = await call(server, { method: 'PATCH', url: '/api/settings', payload: { prices: {} } });
    expect(cleared.body.prices).toEqual({});
  });

  it.each([
    ['a negative price', '-1'],
    ['an infinite price', '1e400'],
    ['a price as text', '"1"'],
    ['null', 'null'],
  ])('PATCH refuses %s with 422 validation_failed and keeps the old prices', async (_name, value) => {
    server = await createTestServer();
    await call(server, { method: 'PATCH', url: '/api/settings', payload: { prices: { kept: PRICE } } });
    const refused = await patchRaw(
      server,
      `{"prices":{"m":{"input":1,"cached_input":0,"cache_write":0,"output":${value}}}}`,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('validation_failed');
    expect(refused.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'prices']);
    expect((await call(server, { url: '/api/settings' })).body.prices).toEqual({ kept: PRICE });
  });

  it('PATCH refuses a blank model name and an unknown price field', async () => {
    server = await createTestServer();
    for (const prices of [{ ' ': PRICE }, { m: { ...PRICE, reasoning: 1 } }]) {
      const refused = await call(server, { method: 'PATCH', url: '/api/settings', payload: { prices } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('validation_failed');
    }
  });

  it('a model the built-in table lacks shows a cost once the settings price it', async () => {
    const million = { text: 'Done.', usage: { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 } };
    mock = await startMockLLM({
      model: 'local-coder',
      script: { turns: [million, million] },
    });
    const llmUrl = mock.url;
    server = await createTestServer({
      createLLM: (config) => createAiSdkLLM({ ...config, base_url: llmUrl }, { retry: { maxAttempts: 1 } }),
      env: { LLM_MODEL: 'local-coder', LLM_API_KEY: 'sk-mock' },
    });
    const unpriced = await createConversation(server);
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${unpriced.id}/events`,
      payload: userMessage('hello', { run: true }),
    });
    expect((await waitForStatus(server, unpriced.id, ['finished', 'error'])).stats.cost).toBeNull();

    await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { prices: { 'local-coder': PRICE } },
    });
    const priced = await createConversation(server);
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${priced.id}/events`,
      payload: userMessage('hello', { run: true }),
    });
    expect((await waitForStatus(server, priced.id, ['finished', 'error'])).stats.cost).toBeCloseTo(5, 6);
  });
});
