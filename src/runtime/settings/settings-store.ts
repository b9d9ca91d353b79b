import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, normalize } from 'node:path';
import type { LLMConfig } from '../llm/llm-config';
import type { RuntimeSettings } from './runtime-settings';
import type { ApprovalRule } from '../events';
import { maskMCPServers, mcpSecretValues, unmaskMCPServers } from '../mcp/mask-mcp-servers';
import { mcpServersPathRefusal } from '../mcp/mcp-servers-path-refusal';
import { deniedPaths } from '../sandbox/denied-paths';
import { completeApprovalRules } from '../security/complete-approval-rules';
import { applyEnvOverrides, type LLMEnvOverrides, readLLMEnvOverrides } from './apply-env-overrides';
import { explainLLM, type LLMSources } from './explain-llm';
import { defaultMaxConcurrentRuns } from './max-concurrent-runs';
import { patchLLM } from './patch-llm';
import { readSettingsFile } from './read-settings-file';
import { expandHome } from '../sandbox/sandbox-settings';
import { SettingsError } from '../data-files/settings-error';
import type { SettingsFile } from './settings-file';
import type { SettingsPatch, SettingsView } from './settings-schemas';
import { writeFileAtomic } from '../data-files/write-file-atomic';

export interface SettingsStore {
  /** The settings in effect now: settings.json with the LLM_* env variables on top. Secrets included. */
  current(): RuntimeSettings;
  /** The same, fit to show: the key replaced by `api_key_set`, plus which env variables win. */
  view(): SettingsView;
  /**
   * Applies a patch and persists settings.json (mode 0600, atomic) before returning. Throws
   * SettingsError `incomplete_llm` when the result has no provider or model, `mcp_path_refused` when
   * a patched MCP server's read_only_paths would show a hidden path, `settings_io` when the write
   * fails; in each case nothing changed.
   */
  update(patch: SettingsPatch): { api_key_cleared: boolean };
  /** Appends one global approval rule and persists, like `update`. Throws `settings_io` when the write fails. */
  addApprovalRule(rule: ApprovalRule): void;
  /** Records that the person accepted this workspace's hooks file as it is now (its SHA-256). Throws like addApprovalRule. */
  acceptWorkspaceHooks(workspaceDir: string, sha256: string): void;
  /** The model `update({ llm })` would give, env included, without saving. Throws like update. */
  previewLLM(patch: SettingsPatch['llm']): LLMConfig | null;
  /**
   * The same, with where each value comes from and the env variables that override values the
   * patch gave. Throws like update.
   */
  explainLLM(patch: SettingsPatch['llm']): {
    config: LLMConfig | null;
    sources: LLMSources;
    overriddenByEnv: string[];
  };
  /** Every API key the settings hold (settings.json's and LLM_API_KEY's), to mask wherever they would show. */
  apiKeys(): string[];
  /** The MCP servers' env and header values, named, to mask wherever they would show. */
  mcpSecrets(): Array<{ name: string; value: string }>;
  readonly path: string;
}

/**
 * Opens `<dataDir>/settings.json` (creating nothing until the first update). Reads the file and the
 * env once; throws SettingsError when settings.json is corrupt or LLM_PROVIDER is unknown.
 */
export function createSettingsStore(dataDir: string, env: NodeJS.ProcessEnv): SettingsStore {
  const path = join(dataDir, 'settings.json');
  const envOverrides: LLMEnvOverrides = readLLMEnvOverrides(env);
  let file: SettingsFile = readSettingsFile(path);

  const current = (): RuntimeSettings => ({
    llm: applyEnvOverrides(file.llm, envOverrides),
    confirmation_policy: structuredClone(file.confirmation_policy),
    security_analyzer: structuredClone(file.security_analyzer),
    sandbox: structuredClone(file.sandbox),
    approval_rules: structuredClone(file.approval_rules),
    mcp_servers: structuredClone(file.mcp_servers),
    budgets: { ...file.budgets },
    prices: structuredClone(file.prices),
    hooks: structuredClone(file.hooks),
    accepted_workspace_hooks: { ...file.accepted_workspace_hooks },
    max_concurrent_runs: file.max_concurrent_runs ?? defaultMaxConcurrentRuns(),
    native_tool_calling: { ...file.native_tool_calling },
    memory_workspaces: [...file.memory_workspaces],
  });

  const save = (next: SettingsFile): void => {
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`, 0o600);
    } catch (error) {
      throw new SettingsError(
        'settings_io',
        `Cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    file = next;
  };

  return {
    path,
    current,
    view() {
      const settings = current();
      return {
        llm: settings.llm && {
          provider: settings.llm.provider,
          model: settings.llm.model,
          base_url: settings.llm.base_url ?? null,
          api_key_set: Boolean(settings.llm.api_key),
        },
        confirmation_policy: settings.confirmation_policy,
        security_analyzer: settings.security_analyzer,
        sandbox: settings.sandbox,
        approval_rules: settings.approval_rules,
        mcp_servers: maskMCPServers(settings.mcp_servers ?? {}),
        budgets: { ...file.budgets },
        prices: structuredClone(file.prices),
        hooks: structuredClone(file.hooks),
        max_concurrent_runs: file.max_concurrent_runs ?? defaultMaxConcurrentRuns(),
        max_concurrent_runs_default: file.max_concurrent_runs === null,
        native_tool_calling: { ...file.native_tool_calling },
        memory_workspaces: [...file.memory_workspaces],
        overridden_by_env: [...envOverrides.names],
      };
    },
    previewLLM(patch) {
      return applyEnvOverrides(patch === undefined ? file.llm : patchLLM(file.llm, patch).llm, envOverrides);
    },
    explainLLM(patch) {
      const merged = patch === undefined ? file.llm : patchLLM(file.llm, patch).llm;
      return {
        config: applyEnvOverrides(merged, envOverrides),
        ...explainLLM(file.llm, patch, merged, envOverrides),
      };
    },
    apiKeys: () => [file.llm?.api_key, envOverrides.api_key].filter((key): key is string => Boolean(key)),
    mcpSecrets: () => mcpSecretValues(file.mcp_servers),
    update(patch) {
      const { next, apiKeyCleared } = applyPatch(file, patch);
      if (patch.mcp_servers !== undefined) refuseHiddenPaths(next, dataDir, env.HOME || homedir());
      save(next);
      return { api_key_cleared: apiKeyCleared };
    },
    addApprovalRule(rule) {
      save({ ...file, approval_rules: [...file.approval_rules, rule] });
    },
    acceptWorkspaceHooks(workspaceDir, sha256) {
      save({
        ...file,
        accepted_workspace_hooks: { ...file.accepted_workspace_hooks, [workspaceDir]: sha256 },
      });
    },
  };
}

function applyPatch(
  file: SettingsFile,
  patch: SettingsPatch,
): { next: SettingsFile; apiKeyCleared: boolean } {
  const patched =
    patch.llm === undefined ? { llm: file.llm, apiKeyCleared: false } : patchLLM(file.llm, patch.llm);
  return {
    next: {
      llm: patched.llm,
      confirmation_policy: patch.confirmation_policy ?? file.confirmation_policy,
      security_analyzer: patch.security_analyzer ?? file.security_analyzer,
      sandbox: { ...file.sandbox, ...patch.sandbox },
      approval_rules:
        patch.approval_rules === undefined
          ? file.approval_rules
          : completeApprovalRules(patch.approval_rules, randomUUID, () => new Date().toISOString()),
      mcp_servers: patch.mcp_servers === undefined ? file.mcp_servers : unmasked(patch.mcp_servers, file),
      budgets: { ...file.budgets, ...patch.budgets },
      prices: patch.prices ?? file.prices,
      hooks: patch.hooks ?? file.hooks,
      accepted_workspace_hooks: file.accepted_workspace_hooks,
      max_concurrent_runs:
        patch.max_concurrent_runs === undefined ? file.max_concurrent_runs : patch.max_concurrent_runs,
      native_tool_calling: patch.native_tool_calling ?? file.native_tool_calling,
      memory_workspaces:
        patch.memory_workspaces === undefined
          ? file.memory_workspaces
          : [...new Set(patch.memory_workspaces.map((path) => normalize(path).replace(/(.)\/$/, '$1')))],
    },
    apiKeyCleared: patched.apiKeyCleared,
  };
}

/** Only when the servers change: a deny path added later must not block the save that adds it. */
function refuseHiddenPaths(next: SettingsFile, dataDir: string, homeDir: string): void {
  const denyPaths = next.sandbox.deny_paths.map((path) => expandHome(path, homeDir));
  const refused = mcpServersPathRefusal(next.mcp_servers, deniedPaths({ homeDir, dataDir, denyPaths }));
  if (refused !== undefined) throw new SettingsError('mcp_path_refused', refused);
}

function unmasked(patch: NonNullable<SettingsPatch['mcp_servers']>, file: SettingsFile) {
  const { servers, unknown } = unmaskMCPServers(patch, file.mcp_servers);
  if (unknown.length > 0)
    throw new SettingsError(
      'unknown_masked_value',
      `No stored value to keep for ${unknown.join(', ')}: type the value instead of ‹hidden›.`,
    );
  return servers;
}
