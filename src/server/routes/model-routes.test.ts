import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { allEvents, call, createConversation } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
let mock: MockLLM | undefined;
let provider: Server | undefined;
afterEach(async () => {
  await server?.close();
  await mock?.close();
  await new Promise((resolve) => (provider ? provider.close(resolve) : resolve(undefined)));
  server = mock = provider = undefined;
});

/** A provider that answers every request with `status` and a body that must never reach the browser. */
async function failingProvider(status: number): Promise<string> {
  provider = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end('{"error":"secret-provider-internals"}');
  });
  await new Promise<void>((resolve) => provider?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
}

describe('GET /api/settings/models', () => {
  it("lists the provider's models over HTTP with the settings' key", async () => {
    mock = await startMockLLM();
    mock.setModels(['mock-model', 'mock-model-large', 'a-small-model']);
    server = await createTestServer({
      env: { LLM_MODEL: 'mock-model', LLM_BASE_URL: mock.url, LLM_API_KEY: 'sk-list-key' },
    });
    const { status, body } = await call(server, { url: '/api/settings/models' });
    expect(status).toBe(200);
    expect(body).toEqual({
      models: ['a-small-model', 'mock-model', 'mock-model-large'],
      current: 'mock-model',
      source: 'provider',
    });
    const asked = mock.requests().find((request) => request.path === '/v1/models');
    expect(asked?.method).toBe('GET');
    expect(asked?.authorization).toBe('Bearer sk-list-key');
  });

  it('asks Anthropic at /v1/models with its own headers', async () => {
    mock = await startMockLLM();
    server = await createTestServer({
      env: {
        LLM_PROVIDER: 'anthropic',
        LLM_MODEL: 'claude-x',
        LLM_BASE_URL: mock.url,
        LLM_API_KEY: 'sk-ant',
      },
    });
    const { body } = await call(server, { url: '/api/settings/models' });
    expect(body.models).toEqual(['mock-model']);
    const asked = mock.requests().find((request) => request.path === '/v1/models');
    expect(asked?.headers['x-api-key']).toBe('sk-ant');
    expect(asked?.headers['anthropic-version']).toBe('2023-06-01');
  });

  it.each([
    [500, 'The provider refused to list its models: HTTP 500.'],
    [401, 'The provider refused to list its models: HTTP 401 (check the API key in Settings).'],
    [404, 'The provider offers no model list; type the model name.'],
  ])('falls back to free text when the provider answers %i, without its body', async (code, detail) => {
    const base = await failingProvider(code);
    server = await createTestServer({ env: { LLM_MODEL: 'mine', LLM_BASE_URL: base } });
    const { status, body, response } = await call(server, { url: '/api/settings/models' });
    expect(status).toBe(200);
    expect(body).toEqual({ models: [], current: 'mine', source: 'free_text', detail });
    expect(response.body).not.toContain('secret-provider-internals');
  });

  it('falls back to free text when the provider cannot be reached', async () => {
    const base = await failingProvider(200);
    await new Promise((resolve) => provider?.close(resolve));
    provider = undefined;
    server = await createTestServer({ env: { LLM_MODEL: 'mine', LLM_BASE_URL: base } });
    const { body } = await call(server, { url: '/api/settings/models' });
    expect(body).toMatchObject({
      source: 'free_text',
      detail: 'The provider could not be reached to list its models.',
    });
  });

  it('falls back to free text when the answer is not a model list', async () => {
    provider = createServer((_request, response) => response.end('<html>login</html>'));
    await new Promise<void>((resolve) => provider?.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
    server = await createTestServer({ env: { LLM_MODEL: 'mine', LLM_BASE_URL: base } });
    const { body } = await call(server, { url: '/api/settings/models' });
    expect(body.source).toBe('free_text');
    expect(body.detail).toContain('not a model list');
  });
});

describe('POST /api/conversations/{id}/model', () => {
  it("changes this conversation's model only, logged with the model used until then", async () => {
    server = await createTestServer({ env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1' } });
    const first = await createConversation(server);
    const other = await createConversation(server);
    const change = (model: string) =>
      call(server as TestServer, {
        method: 'POST',
        url: `/api/conversations/${first.id}/model`,
        payload: { model },
      });
    expect((await change('bigger-model')).status).toBe(200);
    expect((await change('third-model')).status).toBe(200);

    const updates = (await allEvents(server, first.id)).flatMap((event) =>
      event.kind === 'ConversationStateUpdateEvent' && event.key === 'llm' ? [event.value] : [],
    );
    const endpoint = { provider: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1' };
    expect(updates).toEqual([
      { ...endpoint, model: 'scripted-model' },
      { ...endpoint, model: 'bigger-model' },
      { ...endpoint, model: 'third-model' },
    ]);
    expect((await call(server, { url: `/api/conversations/${first.id}` })).body.llm.model).toBe(
      'third-model',
    );
    expect((await call(server, { url: `/api/conversations/${other.id}` })).body.llm.model).toBe(
      'scripted-model',
    );
  });

  it('refuses an empty name and an unknown conversation', async () => {
    server = await createTestServer();
    const { id } = await createConversation(server);
    const empty = await call(server, {
      method: 'POST',
      url: `/api/conversations/${id}/model`,
      payload: { model: ' ' },
    });
    expect(empty.status).toBe(422);
    const missing = await call(server, {
      method: 'POST',
      url: '/api/conversations/00000000-0000-4000-8000-000000000000/model',
      payload: { model: 'x' },
    });
    expect(missing.status).toBe(404);
  });
});
