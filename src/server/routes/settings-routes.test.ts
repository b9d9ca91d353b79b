import { statSync } from 'node:fs';
import { defaultMaxConcurrentRuns } from '../../runtime/settings/max-concurrent-runs';
import { DEFAULT_SANDBOX_SETTINGS } from '../../runtime/sandbox/sandbox-settings';
import { runtimeSandboxStatus } from '../../runtime/sandbox/runtime-sandbox-status';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('/api/settings', () => {
  it('GET shows what is configured, never the key, with the default workspace and env overrides', async () => {
    server = await createTestServer({ env: { LLM_API_KEY: 'sk-env-secret-value' } });
    const { status, body, response } = await call(server, { url: '/api/settings' });
    expect(status).toBe(200);
    expect(body).toEqual({
      llm: { provider: 'openai-compatible', model: 'scripted-model', base_url: null, api_key_set: true },
      confirmation_policy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true },
      security_analyzer: { kind: 'EnsembleSecurityAnalyzer' },
      default_workspace: server.workspace,
      overridden_by_env: ['LLM_PROVIDER', 'LLM_MODEL', 'LLM_API_KEY'],
      sandbox: DEFAULT_SANDBOX_SETTINGS,
      approval_rules: [],
      mcp_servers: {},
      budgets: {
        max_budget_per_run: null,
        max_budget_per_conversation: null,
        max_budget_per_automation_run: null,
      },
      prices: {},
      hooks: {
        pre_tool_use: [],
        post_tool_use: [],
        user_prompt_submit: [],
        session_start: [],
        session_end: [],
        stop: [],
      },
      max_concurrent_runs: defaultMaxConcurrentRuns(),
      max_concurrent_runs_default: true,
      native_tool_calling: {},
      memory_workspaces: [],
      sandbox_status: await runtimeSandboxStatus(process.env, DEFAULT_SANDBOX_SETTINGS),
      agent_settings: { llm: { model: 'openai/scripted-model', base_url: null, api_key: null } },
      conversation_settings: {},
      misc_settings: {},
      llm_api_key_is_set: true,
    });
    expect(response.body).not.toContain('sk-env-secret-value');
  });

  it('PATCH persists to settings.json with mode 0600 and answers the new settings without the key', async () => {
    server = await createTestServer({ env: { LLM_PROVIDER: '', LLM_MODEL: '' } });
    const { status, body, response } = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: {
        llm: { provider: 'anthropic', model: 'claude-test', api_key: 'sk-ant-hidden' },
        confirmation_policy: { kind: 'AlwaysConfirm' },
      },
    });
    expect(status).toBe(200);
    expect(body.llm).toEqual({
      provider: 'anthropic',
      model: 'claude-test',
      base_url: null,
      api_key_set: true,
    });
    expect(body.confirmation_policy).toEqual({ kind: 'AlwaysConfirm' });
    expect(response.body).not.toContain('sk-ant-hidden');
    expect(statSync(join(server.dataDir, 'settings.json')).mode & 0o777).toBe(0o600);

    const cleared = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { api_key: '' } },
    });
    expect(cleared.body.llm.api_key_set).toBe(false);
  });

  it('PATCH that moves base_url or provider without a new key clears the stored key and says so', async () => {
    server = await createTestServer({ env: { LLM_PROVIDER: '', LLM_MODEL: '' } });
    await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: {
        llm: { provider: 'openai-compatible', model: 'm', base_url: 'http://a.example/v1', api_key: 'k-1' },
      },
    });
    const moved = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { base_url: 'http://b.example/v1' } },
    });
    expect(moved.body).toMatchObject({ api_key_cleared: true, llm: { api_key_set: false } });
    const renamed = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { model: 'n' } },
    });
    expect(renamed.body.api_key_cleared).toBeUndefined();
  });

  it('PATCH validates with 422 naming the field and never echoing the key', async () => {
    server = await createTestServer();
    const bad = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { provider: 'gemini', api_key: 'sk-should-not-echo' }, extra: 1 },
    });
    expect(bad.status).toBe(422);
    expect(bad.response.body).not.toContain('sk-should-not-echo');
    const locations = bad.body.detail.map((issue: { loc: unknown[] }) => issue.loc.join('.'));
    expect(locations).toEqual(expect.arrayContaining(['body.llm.provider']));
    const longKey = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { api_key: 'k'.repeat(1001) } },
    });
    expect(longKey.status).toBe(422);
    expect(longKey.response.body).not.toContain('kkkkkkkk');
  });

  it('PATCH and conversation create accept only http and https base URLs', async () => {
    server = await createTestServer();
    for (const base_url of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://models.example/v1']) {
      const settings = await call(server, {
        method: 'PATCH',
        url: '/api/settings',
        payload: { llm: { base_url } },
      });
      expect(settings.status).toBe(422);
      const created = await call(server, {
        method: 'POST',
        url: '/api/conversations',
        payload: { llm: { provider: 'openai-compatible', model: 'm', base_url } },
      });
      expect(created.status).toBe(422);
    }
    const fine = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { provider: 'openai-compatible', model: 'm', base_url: 'http://127.0.0.1:11434/v1' } },
    });
    expect(fine.status).toBe(200);
  });

  it('PATCH without a provider for a new model is 422 incomplete_llm', async () => {
    server = await createTestServer({ env: { LLM_PROVIDER: '', LLM_MODEL: '' } });
    const response = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { llm: { model: 'x' } },
    });
    expect(response).toMatchObject({ status: 422, body: { code: 'incomplete_llm' } });
  });

  it('test_connection tests what would run, says where each value comes from and refuses values env overrides', async () => {
    server = await createTestServer({ env: { LLM_API_KEY: 'sk-env-secret-value' } });
    const ok = await call(server, { method: 'POST', url: '/api/settings/test_connection', payload: {} });
    expect(ok.body).toMatchObject({
      ok: true,
      sources: { provider: 'env', model: 'env', base_url: 'none', api_key: 'env' },
    });
    const overridden = await call(server, {
      method: 'POST',
      url: '/api/settings/test_connection',
      payload: {
        llm: { provider: 'openai-compatible', model: 'another-model', api_key: 'sk-request-key-value' },
      },
    });
    expect(overridden.body).toMatchObject({
      ok: false,
      code: 'overridden_by_env',
      overridden_by_env: ['LLM_MODEL', 'LLM_API_KEY'],
      sources: { model: 'env', api_key: 'env' },
    });
    expect(overridden.body.detail).toMatch(/LLM_MODEL, LLM_API_KEY override/);
    expect(overridden.response.body).not.toContain('sk-request-key-value');
    expect(overridden.response.body).not.toContain('sk-env-secret-value');
  });

  it('test_connection calls the model and reports ok, or says nothing is configured', async () => {
    server = await createTestServer();
    const ok = await call(server, { method: 'POST', url: '/api/settings/test_connection', payload: {} });
    expect(ok.body).toMatchObject({ ok: true, model: 'scripted-model' });
    await server.close();
    server = await createTestServer({ env: { LLM_PROVIDER: '', LLM_MODEL: '' } });
    const none = await call(server, { method: 'POST', url: '/api/settings/test_connection' });
    expect(none.body).toMatchObject({ ok: false, code: 'llm_not_configured' });
  });
});
