import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../testing/api-helpers';
import { createTestServer, type TestServer } from '../../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const NO_ENV_MODEL = { LLM_PROVIDER: '', LLM_MODEL: '', LLM_API_KEY: '', LLM_BASE_URL: '' };
const KEY = 'sk-profile-secret-0123456789';

describe('LLM profiles (the Agent Canvas saves one during onboarding)', () => {
  it('POST /api/profiles/{name} makes its model the one in effect, lists it under its name, never stores or answers the key outside settings.json', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    const saved = await call(server, {
      method: 'POST',
      url: '/api/profiles/mock',
      payload: {
        llm: { model: 'mock', base_url: 'http://127.0.0.1:9/v1', api_key: KEY },
        include_secrets: true,
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ name: 'mock', message: expect.any(String) });

    const list = await call(server, { url: '/api/profiles' });
    expect(list.body).toEqual({
      profiles: [{ name: 'mock', model: 'mock', base_url: 'http://127.0.0.1:9/v1', api_key_set: true }],
      active_profile: 'mock',
    });
    const settings = await call(server, { url: '/api/settings' });
    expect(settings.body).toMatchObject({
      llm: { provider: 'openai-compatible', model: 'mock', api_key_set: true },
      agent_settings: { llm: { model: 'mock', api_key: null } },
    });
    for (const answer of [saved, list, settings]) expect(JSON.stringify(answer.body)).not.toContain(KEY);
    expect(readFileSync(join(server.dataDir, 'upstream-settings.json'), 'utf8')).not.toContain(KEY);

    const activated = await call(server, { method: 'POST', url: '/api/profiles/mock/activate' });
    expect(activated.body).toMatchObject({ name: 'mock', llm_applied: true });
  });

  it('refuses a model it cannot reach (422 llm_unsupported) and saves nothing; an unknown profile is 404', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    const refused = await call(server, {
      method: 'POST',
      url: '/api/profiles/bedrock',
      payload: { llm: { model: 'bedrock/claude' } },
    });
    expect(refused.status).toBe(422);
    expect((await call(server, { url: '/api/profiles' })).body).toEqual({
      profiles: [],
      active_profile: null,
    });
    expect((await call(server, { method: 'POST', url: '/api/profiles/other/activate' })).status).toBe(404);
  });

  it('GET /api/llm/models/verified answers an empty catalogue in upstream shape', async () => {
    server = await createTestServer();
    const { status, body } = await call(server, { url: '/api/llm/models/verified' });
    expect(status).toBe(200);
    expect(body).toEqual({ models: {} });
  });
});
