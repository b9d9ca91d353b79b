import { z } from 'zod';
import {
  ApprovalRuleSchema,
  BaseUrlSchema,
  BudgetsSchema,
  ConfirmationPolicySchema,
  DEFAULT_CONFIRMATION_POLICY,
  DEFAULT_SECURITY_ANALYZER,
  EMPTY_HOOK_CONFIG,
  HookConfigSchema,
  LLMProviderSchema,
  NO_BUDGETS,
  SecurityAnalyzerSchema,
} from '../events';
import { PriceOverridesSchema } from '../llm/price-overrides';
import { MCPServersSchema } from '../mcp/mcp-server-config';
import { DEFAULT_SANDBOX_SETTINGS, SandboxSettingsSchema } from '../sandbox/sandbox-settings';

export const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
/** A whole number of runs at once; 64 is far beyond what one machine's models and sandboxes bear. */
export const MaxConcurrentRunsSchema = z.number().int().min(1).max(64);

/**
 * Per model name: native function calling on (true), off (false: the tools are described in the
 * prompt and the calls read from the reply), or `auto` (on until the endpoint refuses `tools`).
 */
export const NativeToolCallingByModelSchema = z
  .record(z.string().trim().min(1).max(200), z.union([z.boolean(), z.literal('auto')]))
  .refine((models) => Object.keys(models).length <= 200, 'At most 200 models');

/** Absolute workspace folders with memory on, each once. */
export const MemoryWorkspacesSchema = z
  .array(
    z
      .string()
      .min(1)
      .max(4096)
      .refine((path) => path.startsWith('/'), 'An absolute folder path'),
  )
  .max(200);

/**
 * The shape of `<data-dir>/settings.json`. Every field is optional on disk so a hand-edited or older
 * file still loads; missing fields take the defaults of a new install (CONTRACT §6).
 */
export const SettingsFileSchema = z.object({
  llm: z
    .object({
      provider: LLMProviderSchema,
      model: z.string().min(1).max(200),
      base_url: BaseUrlSchema.optional(),
      api_key: z.string().max(1000).optional(),
    })
    .nullable()
    .default(null),
  confirmation_policy: ConfirmationPolicySchema.default(DEFAULT_CONFIRMATION_POLICY),
  security_analyzer: SecurityAnalyzerSchema.default(DEFAULT_SECURITY_ANALYZER),
  sandbox: SandboxSettingsSchema.default(DEFAULT_SANDBOX_SETTINGS),
  /** Global approval rules, checked after a conversation's own. */
  approval_rules: z.array(ApprovalRuleSchema).default([]),
  /** Global MCP servers by name (upstream's `mcpServers` shape); env and header values are secrets. */
  mcp_servers: MCPServersSchema.default({}),
  /** The budgets a new conversation (or automation run) gets when its request names none. */
  budgets: BudgetsSchema.default(NO_BUDGETS),
  /** Prices per million tokens by model name, used before the built-in table. */
  prices: PriceOverridesSchema.default({}),
  /** Global hooks (upstream's hook_config shape), run for every conversation before its workspace's and its own. */
  hooks: HookConfigSchema.default(EMPTY_HOOK_CONFIG),
  /**
   * Workspace hook files the person accepted: the workspace folder (real path) -> the SHA-256 of its
   * `.openhands/hooks.json` as accepted. A file whose hash differs is not used until accepted again.
   */
  accepted_workspace_hooks: z.record(z.string(), Sha256Schema).default({}),
  /** Runs that may go at once; more wait in a queue. null: twice the cores, at least eight. */
  max_concurrent_runs: MaxConcurrentRunsSchema.nullable().default(null),
  /** Upstream's `native_tool_calling` per model name; a model not named is `auto`. */
  native_tool_calling: NativeToolCallingByModelSchema.default({}),
  /** Workspace folders (absolute) whose MEMORY.md is read into the prompt and may get proposals; none by default. */
  memory_workspaces: MemoryWorkspacesSchema.default([]),
});

export type SettingsFile = z.infer<typeof SettingsFileSchema>;

export const DEFAULT_SETTINGS_FILE: SettingsFile = SettingsFileSchema.parse({});
