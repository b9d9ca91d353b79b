import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../../scripts/mock-llm/mock-llm-server';
import { createLazyAiSdkLLM } from '../../process/lazy-ai-sdk-llm';
import { call } from '../../testing/api-helpers';
import { createTestServer, type TestServer } from '../../testing/create-test-server';

let server: TestServer | undefined;
const mocks: MockLLM[] = [];
afterEach(async () => {
  await server?.close();
  await Promise.all(mocks.splice(0).map((mock) => mock.close()));
  server = undefined;
});

const NO_ENV_MODEL = { LLM_PROVIDER: '', LLM_MODEL: '', LLM_API_KEY: '', LLM_BASE_URL: '' };
const KEY_A = 'sk-profile-a-0123456789';
const KEY_B = 'sk-profile-b-0123456789';

async function mockLLM(): Promise<MockLLM> {
  const mock = await startMockLLM({ script: { turns: [], fallback: { text: 'OK' } } });
  mocks.push(mock);
  return mock;
}

const save = (name: string, llm: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call(server as TestServer, { method: 'POST', url: `/api/profiles/${name}`, payload: { llm, ...extra } });

describe('LLM profiles kept as upstream keeps them (read, rename, validate, delete)', () => {
  it('keeps several profiles: the first saved is in effect, another only once activated, with its own key', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    expect((await save('alpha', { model: 'openai/gpt-a', api_key: KEY_A })).status).toBe(201);
    expect((await save('beta', { model: 'anthropic/claude-b', api_key: KEY_B })).status).toBe(201);

    const list = await call(server, { url: '/api/profiles' });
    expect(list.body).toEqual({
      profiles: [
        { name: 'alpha', model: 'openai/gpt-a', base_url: null, api_key_set: true },
        { name: 'beta', model: 'anthropic/claude-b', base_url: null, api_key_set: true },
      ],
      active_profile: 'alpha',
    });
    expect(server.settings.previewLLM(undefined)).toMatchObject({
      provider: 'openai',
      model: 'gpt-a',
      api_key: KEY_A,
    });

    const read = await call(server, { url: '/api/profiles/beta' });
    expect(read.body).toEqual({
      name: 'beta',
      config: { model: 'anthropic/claude-b', api_key: null },
      api_key_set: true,
    });

    const activated = await call(server, { method: 'POST', url: '/api/profiles/beta/activate' });
    expect(activated.body).toMatchObject({ name: 'beta', llm_applied: true });
    expect(server.settings.previewLLM(undefined)).toMatchObject({
      provider: 'anthropic',
      model: 'claude-b',
      api_key: KEY_B,
    });
    for (const answer of [list, read, activated]) {
      expect(JSON.stringify(answer.body)).not.toContain(KEY_A);
      expect(JSON.stringify(answer.body)).not.toContain(KEY_B);
    }
    const file = join(server.dataDir, 'llm-profiles.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(server.dataDir, 'upstream-settings.json'), 'utf8')).not.toContain(KEY_B);
  });

  it('renames (the active one stays active under its new name) and refuses a taken or unknown name', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    await save('alpha', { model: 'openai/gpt-a', api_key: KEY_A });
    await save('beta', { model: 'openai/gpt-b' });
    const rename = (from: string, to: string) =>
      call(server as TestServer, {
        method: 'POST',
        url: `/api/profiles/${from}/rename`,
        payload: { new_name: to },
      });
    expect((await rename('alpha', 'beta')).status).toBe(409);
    expect((await rename('nobody', 'gamma')).status).toBe(404);
    expect((await rename('alpha', 'main')).body).toEqual({ name: 'main', message: expect.any(String) });
    const list = await call(server, { url: '/api/profiles' });
    expect(list.body).toMatchObject({ active_profile: 'main' });
    expect((await call(server, { url: '/api/profiles/alpha' })).status).toBe(404);
    expect((await call(server, { url: '/api/profiles/main' })).body).toMatchObject({ api_key_set: true });
  });

  it('deleting the active profile leaves none active and the model in effect (listed as the stand-in again); deleting is idempotent', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    await save('alpha', { model: 'openai/gpt-a', api_key: KEY_A });
    const deleted = await call(server, { method: 'DELETE', url: '/api/profiles/alpha' });
    expect(deleted.body).toEqual({ name: 'alpha', message: expect.any(String) });
    expect((await call(server, { url: '/api/profiles' })).body).toEqual({
      profiles: [{ name: 'default', model: 'openai/gpt-a', base_url: null, api_key_set: true }],
      active_profile: 'default',
    });
    expect(readFileSync(join(server.dataDir, 'upstream-settings.json'), 'utf8')).toContain(
      '"active_profile": null',
    );
    expect(server.settings.previewLLM(undefined)).toMatchObject({ model: 'gpt-a', api_key: KEY_A });
    expect((await call(server, { method: 'DELETE', url: '/api/profiles/alpha' })).status).toBe(200);
  });

  it('refuses a bad name in the path (upstream pattern) before touching anything', async () => {
    server = await createTestServer({ env: NO_ENV_MODEL });
    for (const name of ['.hidden', 'a%20b', '%2E%2E', 'a%2Fb', 'x'.repeat(65)])
      expect([404, 422]).toContain((await save(name, { model: 'openai/gpt-a' })).status);
    expect((await call(server, { url: '/api/profiles' })).body).toEqual({
      profiles: [],
      active_profile: null,
    });
  });

  it('validate answers valid for a model that replies and says why for one this runtime cannot reach', async () => {
    const mock = await mockLLM();
    server = await createTestServer({ env: NO_ENV_MODEL, createLLM: createLazyAiSdkLLM });
    const validate = (llm: Record<string, unknown>) =>
      call(server as TestServer, { method: 'POST', url: '/api/profiles/draft/validate', payload: { llm } });
    expect((await validate({ model: 'openai/mock', base_url: mock.url, api_key: 'sk-x' })).body).toEqual({
      valid: true,
      error: null,
    });
    const unsupported = await validate({ model: 'bedrock/claude' });
    expect(unsupported.body).toMatchObject({ valid: false, error: { type: 'llm_unsupported' } });
  });
});

describe('attack: a stored profile key never goes to a host it was not given for', () => {
  it("validate with a stored profile's name and another base_url sends no key there; the same endpoint gets it", async () => {
    const home = await mockLLM();
    const elsewhere = await mockLLM();
    server = await createTestServer({ env: NO_ENV_MODEL, createLLM: createLazyAiSdkLLM });
    await save('work', { model: 'openai/mock', base_url: home.url, api_key: KEY_A });

    await call(server, {
      method: 'POST',
      url: '/api/profiles/work/validate',
      payload: { llm: { model: 'openai/mock', base_url: elsewhere.url } },
    });
    const sentElsewhere = elsewhere.requests();
    expect(sentElsewhere.length).toBeGreaterThan(0);
    expect(JSON.stringify(sentElsewhere)).not.toContain(KEY_A);

    const same = await call(server, {
      method: 'POST',
      url: '/api/profiles/work/validate',
      payload: { llm: { model: 'openai/mock', base_url: home.url } },
    });
    expect(same.body).toEqual({ valid: true, error: null });
    expect(home.requests().at(-1)?.authorization).toBe(`Bearer ${KEY_A}`);
  });

  it('re-saving a profile without a key for another base_url drops the key instead of carrying it there', async () => {
    const home = await mockLLM();
    const elsewhere = await mockLLM();
    server = await createTestServer({ env: NO_ENV_MODEL });
    await save('work', { model: 'openai/mock', base_url: home.url, api_key: KEY_A });
    await save('work', { model: 'openai/mock', base_url: elsewhere.url });
    expect((await call(server, { url: '/api/profiles/work' })).body).toMatchObject({ api_key_set: false });
    expect(server.settings.previewLLM(undefined)?.api_key).toBeUndefined();
    expect(readFileSync(join(server.dataDir, 'llm-profiles.json'), 'utf8')).not.toContain(KEY_A);

    // The same endpoint keeps it: an edit form never shows the key, so it comes back without one.
    await save('home', { model: 'openai/mock', base_url: home.url, api_key: KEY_B });
    await save('home', { model: 'openai/mock', base_url: home.url, temperature: 0.2 });
    expect((await call(server, { url: '/api/profiles/home' })).body).toMatchObject({
      config: { temperature: 0.2 },
      api_key_set: true,
    });
  });
});
