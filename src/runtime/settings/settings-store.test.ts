import { defaultMaxConcurrentRuns } from './max-concurrent-runs';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { EMPTY_HOOK_CONFIG } from '../events';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { SettingsPatchSchema } from './settings-schemas';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsError } from '../data-files/settings-error';
import { createSettingsStore } from './settings-store';

let dataDir: string;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'agent-workbench-settings-'));
});
afterEach(async () => rmSync(dataDir, { recursive: true, force: true }));

const settingsPath = () => join(dataDir, 'settings.json');
const readFile = () => JSON.parse(readFileSync(settingsPath(), 'utf8'));

describe('createSettingsStore', () => {
  it("keeps global hooks given in upstream's PascalCase form, in its snake_case form, and accepted workspace files by hash", () => {
    const store = createSettingsStore(dataDir, {});
    store.update(
      SettingsPatchSchema.parse({
        hooks: { PreToolUse: [{ matcher: 'terminal', hooks: [{ command: 'hooks/check.sh' }] }] },
      }),
    );
    store.acceptWorkspaceHooks('/work/repo', 'b'.repeat(64));
    const reopened = createSettingsStore(dataDir, {});
    expect(reopened.current().hooks?.pre_tool_use).toEqual([
      { matcher: 'terminal', hooks: [{ type: 'command', command: 'hooks/check.sh', timeout: 60 }] },
    ]);
    expect(reopened.view().hooks.pre_tool_use).toHaveLength(1);
    expect(reopened.current().accepted_workspace_hooks).toEqual({ '/work/repo': 'b'.repeat(64) });
  });

  it('starts a new install with no model, ConfirmRisky HIGH and the ensemble analyzer, writing nothing', async () => {
    const store = createSettingsStore(dataDir, {});
    expect(store.current()).toEqual({
      llm: null,
      confirmation_policy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true },
      security_analyzer: { kind: 'EnsembleSecurityAnalyzer' },
      sandbox: DEFAULT_SANDBOX_SETTINGS,
      approval_rules: [],
      mcp_servers: {},
      budgets: {
        max_budget_per_run: null,
        max_budget_per_conversation: null,
        max_budget_per_automation_run: null,
      },
      prices: {},
      hooks: EMPTY_HOOK_CONFIG,
      accepted_workspace_hooks: {},
      max_concurrent_runs: defaultMaxConcurrentRuns(),
      native_tool_calling: {},
      memory_workspaces: [],
    });
    expect(store.view()).toMatchObject({
      max_concurrent_runs: defaultMaxConcurrentRuns(),
      max_concurrent_runs_default: true,
    });
    expect(store.current().sandbox).toMatchObject({
      deny_paths: [],
      max_processes: 512,
      max_memory_mb: 2048,
    });
    expect(store.current().sandbox.network_allowlist).toContain('registry.npmjs.org');
    expect(() => statSync(settingsPath())).toThrow();
  });

  it('saves max_concurrent_runs, and null goes back to the default from the cores', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({ max_concurrent_runs: 1 });
    expect(createSettingsStore(dataDir, {}).current().max_concurrent_runs).toBe(1);
    expect(store.view()).toMatchObject({ max_concurrent_runs: 1, max_concurrent_runs_default: false });
    store.update({ max_concurrent_runs: null });
    expect(store.current().max_concurrent_runs).toBe(defaultMaxConcurrentRuns());
    expect(defaultMaxConcurrentRuns(1)).toBe(8);
    expect(defaultMaxConcurrentRuns(8)).toBe(16);
  });

  it('saves native_tool_calling per model, replaced whole by a patch, and refuses a value that is no mode', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({ native_tool_calling: { 'qwen2.5-coder': false, 'gpt-4.1': true, local: 'auto' } });
    expect(createSettingsStore(dataDir, {}).current().native_tool_calling).toEqual({
      'qwen2.5-coder': false,
      'gpt-4.1': true,
      local: 'auto',
    });
    store.update({ native_tool_calling: { local: false } });
    expect(store.view().native_tool_calling).toEqual({ local: false });
    expect(SettingsPatchSchema.safeParse({ native_tool_calling: { local: 'sometimes' } }).success).toBe(
      false,
    );
  });

  it('keeps MCP servers with their secrets in the file, shows them masked, and keeps a masked value sent back', async () => {
    const store = createSettingsStore(dataDir, {});
    const servers = {
      remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer mcp-token-1' } },
      local: { command: 'node', args: ['server.js'], env: { TOKEN: 'env-token-2' } },
    };
    store.update({ mcp_servers: servers });
    expect(readFile().mcp_servers).toEqual(servers);
    const shown = store.view().mcp_servers;
    expect(JSON.stringify(shown)).not.toMatch(/mcp-token-1|env-token-2/);
    expect(shown.remote).toEqual({
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: '‹hidden›' },
    });
    // The page sends back what it was shown, with one server turned off.
    store.update({
      mcp_servers: { ...shown, local: { ...servers.local, env: { TOKEN: '‹hidden›' }, enabled: false } },
    });
    expect(createSettingsStore(dataDir, {}).current().mcp_servers).toEqual({
      ...servers,
      local: { ...servers.local, enabled: false },
    });
    expect(store.mcpSecrets().map((secret) => secret.value)).toEqual(['Bearer mcp-token-1', 'env-token-2']);
  });

  it('refuses a masked MCP value with nothing stored behind it, changing nothing', async () => {
    const store = createSettingsStore(dataDir, {});
    let error: unknown;
    try {
      store.update({ mcp_servers: { fresh: { command: 'x', env: { TOKEN: '‹hidden›' } } } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as SettingsError).code).toBe('unknown_masked_value');
    expect((error as SettingsError).message).toContain('fresh.TOKEN');
    expect(store.current().mcp_servers).toEqual({});
  });

  it('refuses an MCP server whose read_only_paths would show the data dir or a deny path, changing nothing', async () => {
    const home = '/home/settings-test'; // never read: the check is on paths
    const store = createSettingsStore(dataDir, { HOME: home });
    const refusal = (patch: Parameters<typeof store.update>[0]) => {
      try {
        store.update(patch);
      } catch (caught) {
        return caught instanceof SettingsError ? `${caught.code}: ${caught.message}` : String(caught);
      }
      return 'saved';
    };
    expect(refusal({ mcp_servers: { wide: { command: 'x', read_only_paths: [tmpdir()] } } })).toMatch(
      /^mcp_path_refused: The MCP server "wide": read_only_paths entry ".*" contains ".*", which the sandbox hides/,
    );
    expect(
      refusal({ mcp_servers: { keys: { command: 'x', read_only_paths: [join(home, '.ssh')] } } }),
    ).toMatch(/^mcp_path_refused: .* is ".*\.ssh"/);
    expect(
      refusal({
        sandbox: { deny_paths: ['~/private'] },
        mcp_servers: { mine: { command: 'x', read_only_paths: [join(home, 'private', 'tool')] } },
      }),
    ).toMatch(/lies inside ".*private"/);
    expect(store.current().mcp_servers).toEqual({});
    expect(refusal({ mcp_servers: { fine: { command: 'x', read_only_paths: [join(home, 'tools')] } } })).toBe(
      'saved',
    );
    // A deny path added later is always saved: the server is refused when it starts instead.
    expect(refusal({ sandbox: { deny_paths: ['~/tools/secret'] } })).toBe('saved');
  });

  it('keeps sandbox settings across a partial patch and refuses an allowlist entry that is not a host', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({ sandbox: { network_allowlist: ['Example.COM', '*.corp.test'], max_processes: 64 } });
    const reloaded = createSettingsStore(dataDir, {});
    expect(reloaded.current().sandbox).toMatchObject({
      network_allowlist: ['example.com', '*.corp.test'],
      max_processes: 64,
      max_memory_mb: 2048,
      deny_paths: [],
    });
    expect(
      SettingsPatchSchema.safeParse({ sandbox: { network_allowlist: ['http://x.test/'] } }).success,
    ).toBe(false);
    expect(SettingsPatchSchema.safeParse({ sandbox: { deny_paths: ['relative/path'] } }).success).toBe(false);
  });

  it('persists an update to settings.json with mode 0600 and reloads it in a new store', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({
      llm: { provider: 'openai', model: 'gpt-x', api_key: 'sk-secret' },
      confirmation_policy: { kind: 'NeverConfirm' },
    });
    expect(statSync(settingsPath()).mode & 0o777).toBe(0o600);
    expect(readFile().llm).toEqual({ provider: 'openai', model: 'gpt-x', api_key: 'sk-secret' });
    const reopened = createSettingsStore(dataDir, {});
    expect(reopened.current().llm).toEqual({ provider: 'openai', model: 'gpt-x', api_key: 'sk-secret' });
    expect(reopened.current().confirmation_policy).toEqual({ kind: 'NeverConfirm' });
  });

  it('never shows the key in view(): only whether one is set', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({ llm: { provider: 'anthropic', model: 'claude-x', api_key: 'sk-ant-secret' } });
    const view = store.view();
    expect(view.llm).toEqual({ provider: 'anthropic', model: 'claude-x', base_url: null, api_key_set: true });
    expect(JSON.stringify(view)).not.toContain('sk-ant-secret');
  });

  it('keeps the key when a patch omits it, and clears it with an empty string', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({ llm: { provider: 'openai', model: 'a', api_key: 'sk-1' } });
    store.update({ llm: { model: 'b' } });
    expect(store.current().llm).toEqual({ provider: 'openai', model: 'b', api_key: 'sk-1' });
    store.update({ llm: { api_key: '' } });
    expect(store.current().llm).toEqual({ provider: 'openai', model: 'b' });
    expect(readFile().llm.api_key).toBeUndefined();
  });

  it('clears the stored key when base_url or provider changes without a new key, and says so', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({
      llm: { provider: 'openai-compatible', model: 'm', base_url: 'http://a.example/v1', api_key: 'k-1' },
    });
    expect(store.update({ llm: { model: 'n' } })).toEqual({ api_key_cleared: false });
    expect(store.current().llm?.api_key).toBe('k-1');
    expect(store.previewLLM({ base_url: 'http://b.example/v1' })?.api_key).toBeUndefined();
    expect(store.update({ llm: { base_url: 'http://b.example/v1' } })).toEqual({ api_key_cleared: true });
    expect(store.current().llm).toEqual({
      provider: 'openai-compatible',
      model: 'n',
      base_url: 'http://b.example/v1',
    });
    expect(readFile().llm.api_key).toBeUndefined();
    store.update({ llm: { api_key: 'k-2' } });
    expect(store.update({ llm: { provider: 'openai', base_url: null, api_key: 'k-3' } })).toEqual({
      api_key_cleared: false,
    });
    expect(store.current().llm?.api_key).toBe('k-3');
    expect(store.update({ llm: { provider: 'anthropic' } })).toEqual({ api_key_cleared: true });
  });

  it('explains where each value of the model that would run comes from, and which env values win', async () => {
    const store = createSettingsStore(dataDir, { LLM_MODEL: 'env-model' });
    store.update({ llm: { provider: 'openai', model: 'file-model', api_key: 'file-key' } });
    expect(store.explainLLM(undefined)).toMatchObject({
      sources: { provider: 'settings', model: 'env', base_url: 'none', api_key: 'settings' },
      overriddenByEnv: [],
    });
    const asked = store.explainLLM({ model: 'other-model', api_key: 'request-key' });
    expect(asked.sources).toEqual({
      provider: 'settings',
      model: 'env',
      base_url: 'none',
      api_key: 'request',
    });
    expect(asked.overriddenByEnv).toEqual(['LLM_MODEL']);
    expect(asked.config).toMatchObject({ model: 'env-model', api_key: 'request-key' });
    expect(store.apiKeys()).toEqual(['file-key']);
  });

  it('clears the base URL with null and forgets the model with llm: null', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({ llm: { provider: 'openai-compatible', model: 'm', base_url: 'http://127.0.0.1:9/v1' } });
    store.update({ llm: { base_url: null } });
    expect(store.current().llm).toEqual({ provider: 'openai-compatible', model: 'm' });
    store.update({ llm: null });
    expect(store.current().llm).toBeNull();
  });

  it('refuses a model without a provider and leaves the file unchanged', async () => {
    const store = createSettingsStore(dataDir, {});
    expect(() => store.update({ llm: { model: 'm' } })).toThrow(SettingsError);
    expect(() => statSync(settingsPath())).toThrow();
  });

  it('lets LLM_* env variables override the file field by field and says which ones', async () => {
    const store = createSettingsStore(dataDir, {});
    store.update({ llm: { provider: 'openai', model: 'file-model', api_key: 'file-key' } });
    const overridden = createSettingsStore(dataDir, {
      LLM_MODEL: 'env-model',
      LLM_API_KEY: 'env-key',
      LLM_BASE_URL: '',
    });
    expect(overridden.current().llm).toEqual({ provider: 'openai', model: 'env-model', api_key: 'env-key' });
    expect(overridden.view().overridden_by_env).toEqual(['LLM_MODEL', 'LLM_API_KEY']);
  });

  it('configures a model from env alone, inferring an OpenAI-compatible provider from a base URL', async () => {
    const store = createSettingsStore(dataDir, { LLM_MODEL: 'local', LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(store.current().llm).toEqual({
      provider: 'openai-compatible',
      model: 'local',
      base_url: 'http://127.0.0.1:9/v1',
    });
  });

  it('refuses an unknown LLM_PROVIDER with a message naming the variable', async () => {
    expect(() => createSettingsStore(dataDir, { LLM_PROVIDER: 'gemini' })).toThrow(
      /LLM_PROVIDER must be one of/,
    );
  });

  it('reports a corrupt settings.json clearly: the file, the problem and the fix', async () => {
    writeFileSync(settingsPath(), '{"llm": {"provider": ', { mode: 0o600 });
    expect(() => createSettingsStore(dataDir, {})).toThrow(/settings\.json is not valid JSON .*delete it/);
    writeFileSync(settingsPath(), JSON.stringify({ llm: { provider: 'nope', model: 'm' } }));
    expect(() => createSettingsStore(dataDir, {})).toThrow(/invalid value at llm\.provider/);
  });

  it('tightens a settings.json that others could read back to 0600', async () => {
    writeFileSync(settingsPath(), JSON.stringify({ llm: null }));
    chmodSync(settingsPath(), 0o644);
    createSettingsStore(dataDir, {});
    expect(statSync(settingsPath()).mode & 0o777).toBe(0o600);
  });

  it('reports a failed write as a settings_io error and keeps the settings in memory unchanged', async () => {
    const blocked = join(dataDir, 'blocked');
    const store = createSettingsStore(blocked, {});
    writeFileSync(blocked, 'a file where the data dir should be');
    expect(() => store.update({ confirmation_policy: { kind: 'AlwaysConfirm' } })).toThrow(
      expect.objectContaining({ code: 'settings_io' }),
    );
    expect(store.current().confirmation_policy.kind).toBe('ConfirmRisky');
  });
});
