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

describe('upstream settings documents on /api/settings', () => {
  it('merges misc, agent and conversation diffs, keeps the model name as given and never stores or echoes a key', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    const consent = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { misc_settings_diff: { app_preferences: { user_consents_to_analytics: false } } },
    });
    expect(consent.status).toBe(200);
    const llm = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: {
        agent_settings_diff: {
          llm: { model: 'mock', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-canvas-secret' },
        },
        conversation_settings_diff: { max_iterations: 50 },
      },
    });
    expect(llm.status).toBe(200);
    const { body, response } = await call(server, { url: '/api/settings' });
    expect(body).toMatchObject({
      llm: {
        provider: 'openai-compatible',
        model: 'mock',
        base_url: 'http://127.0.0.1:9/v1',
        api_key_set: true,
      },
      agent_settings: { llm: { model: 'mock', base_url: 'http://127.0.0.1:9/v1', api_key: null } },
      conversation_settings: { max_iterations: 50 },
      misc_settings: { app_preferences: { user_consents_to_analytics: false } },
      llm_api_key_is_set: true,
    });
    expect(response.body).not.toContain('sk-canvas-secret');
    const stored = readFileSync(join(server.dataDir, 'upstream-settings.json'), 'utf8');
    expect(stored).not.toContain('sk-canvas-secret');
  });

  it('drops prototype keys and secret-named fields from a hostile diff', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    const patched = await server.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...server.auth, 'content-type': 'application/json' },
      payload: '{"misc_settings_diff":{"__proto__":{"polluted":true}}}',
    });
    // The JSON parser refuses a prototype key outright; the merge drops one that got past it.
    expect(patched.statusCode).toBe(400);
    await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { misc_settings_diff: { github_token: 'ghp-x', ok: 1 } },
    });
    const { body } = await call(server, { url: '/api/settings' });
    expect((body as { misc_settings: unknown }).misc_settings).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a model it cannot reach with 422 and saves nothing', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    const refused = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { agent_settings_diff: { llm: { model: 'bedrock/x' } }, misc_settings_diff: { a: 1 } },
    });
    expect(refused.status).toBe(422);
    const { body } = await call(server, { url: '/api/settings' });
    expect((body as { misc_settings: unknown }).misc_settings).toEqual({});
  });
});

describe('upstream settings-side routes', () => {
  it("answer in upstream's shapes instead of 404", async () => {
    server = await createTestServer();
    const answers = {
      '/api/agent-profiles': { profiles: [], active_agent_profile_id: null },
      '/api/settings/secrets': { secrets: [] },
      '/api/llm/provider-connections': [],
    };
    for (const [url, expected] of Object.entries(answers)) {
      const { status, body } = await call(server, { url });
      expect(status, url).toBe(200);
      expect(body, url).toEqual(expected);
    }
    const profiles = await call(server, { url: '/api/profiles' });
    expect(profiles.body).toMatchObject({
      profiles: [{ name: 'default', model: 'openai/scripted-model' }],
      active_profile: 'default',
    });
    const schema = await call(server, { url: '/api/settings/agent-schema' });
    expect(JSON.stringify(schema.body)).toContain('llm.model');
  });
});
