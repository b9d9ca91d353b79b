import { z } from 'zod';
import {
  ApprovalRuleListInputSchema,
  ApprovalRuleSchema,
  BaseUrlSchema,
  BudgetsPatchSchema,
  BudgetsSchema,
  ConfirmationPolicySchema,
  HookConfigInputSchema,
  HookConfigSchema,
  LLMProviderSchema,
  SecurityAnalyzerSchema,
} from '../events';
import { PriceOverridesSchema } from '../llm/price-overrides';
import { MCPServersSchema } from '../mcp/mcp-server-config';
import { SandboxSettingsPatchSchema, SandboxSettingsSchema } from '../sandbox/sandbox-settings';
import {
  MaxConcurrentRunsSchema,
  MemoryWorkspacesSchema,
  NativeToolCallingByModelSchema,
} from './settings-file';

const LLMPatchSchema = z.strictObject({
  provider: LLMProviderSchema.optional(),
  model: z.string().trim().min(1).max(200).optional(),
  /** null or "" clears it. */
  base_url: z.union([BaseUrlSchema, z.literal(''), z.null()]).optional(),
  api_key: z.string().max(1000).optional(),
});

/** PATCH /api/settings. `api_key` is write-only: a string sets it, "" clears it, absent keeps it. */
export const SettingsPatchSchema = z.strictObject({
  llm: LLMPatchSchema.nullable().optional(),
  confirmation_policy: ConfirmationPolicySchema.optional(),
  security_analyzer: SecurityAnalyzerSchema.optional(),
  /** Changes to the commands' confinement; absent fields keep their value. */
  sandbox: SandboxSettingsPatchSchema.optional(),
  /** Replaces the global approval rules; the server fills missing ids and creation times. */
  approval_rules: ApprovalRuleListInputSchema.optional(),
  /**
   * Replaces the global MCP servers. An env or header value sent back as `‹hidden›` (as GET shows it)
   * keeps the value stored under the same server and key.
   */
  mcp_servers: MCPServersSchema.optional(),
  /** Default budgets (USD) of new conversations and automation runs: a number sets, null removes. */
  budgets: BudgetsPatchSchema.optional(),
  /** Replaces the prices by model name (USD per million tokens), used before the built-in table. */
  prices: PriceOverridesSchema.optional(),
  /** Replaces the global hooks (upstream's hook_config shape; PascalCase keys accepted). */
  hooks: HookConfigInputSchema.optional(),
  /** Runs that may go at once (1 to 64); null goes back to the default (twice the cores, at least eight). */
  max_concurrent_runs: MaxConcurrentRunsSchema.nullable().optional(),
  /** Replaces the list: per model name, native function calling true, false or `auto` (a model not named). */
  native_tool_calling: NativeToolCallingByModelSchema.optional(),
  /** Replaces the list of workspace folders (absolute) whose MEMORY.md is used (off for every other). */
  memory_workspaces: MemoryWorkspacesSchema.optional(),
});

/** What GET /api/settings answers: the settings in effect, never the key itself. */
export const SettingsViewSchema = z.strictObject({
  llm: z
    .strictObject({
      provider: LLMProviderSchema,
      model: z.string(),
      base_url: z.string().nullable(),
      api_key_set: z.boolean(),
    })
    .nullable(),
  confirmation_policy: ConfirmationPolicySchema,
  security_analyzer: SecurityAnalyzerSchema,
  sandbox: SandboxSettingsSchema,
  /** Global approval rules (a conversation's own come first). */
  approval_rules: z.array(ApprovalRuleSchema),
  /** Global MCP servers; every env and header value shown as `‹hidden›`. */
  mcp_servers: MCPServersSchema,
  /** Default budgets (USD; null: none) of new conversations and automation runs. */
  budgets: BudgetsSchema,
  /** Prices by model name (USD per million tokens), used before the built-in table. */
  prices: PriceOverridesSchema,
  /** Global hooks, run for every conversation (before its accepted workspace file's and its own). */
  hooks: HookConfigSchema,
  /** Runs that may go at once now; more wait in a queue (FIFO). */
  max_concurrent_runs: z.number().int(),
  /** True when settings.json names none and the default (twice the cores, at least eight) applies. */
  max_concurrent_runs_default: z.boolean(),
  /** Per model name: native function calling true, false or `auto`; a model not named is `auto`. */
  native_tool_calling: NativeToolCallingByModelSchema,
  /** Workspace folders whose MEMORY.md is read into the prompt and may get the agent's proposals. */
  memory_workspaces: MemoryWorkspacesSchema,
  /** Env variables (LLM_PROVIDER, LLM_MODEL, LLM_BASE_URL, LLM_API_KEY) that override the file. */
  overridden_by_env: z.array(z.string()),
});

/** POST /api/settings/test_connection: the saved model, or the saved one with these changes (not saved). */
export const TestConnectionSchema = z.strictObject({ llm: LLMPatchSchema.optional() }).optional();

/** Where a value of the model that would run comes from: `default` is an inferred provider, `none` an absent value. */
export const ValueSourceSchema = z.enum(['env', 'settings', 'request', 'default', 'none']);

const LLMSourcesSchema = z.strictObject({
  provider: ValueSourceSchema,
  model: ValueSourceSchema,
  base_url: ValueSourceSchema,
  api_key: ValueSourceSchema,
});

/**
 * The answer of a connection test of the configuration that actually runs (the file, the request's
 * changes, env on top). `sources` says where each value came from; `overridden_by_env` names the
 * LLM_* variables that override values the request gave (then nothing is called: `ok` is false).
 */
export const ConnectionResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    model: z.string(),
    latency_ms: z.number(),
    sources: LLMSourcesSchema,
  }),
  z.strictObject({
    ok: z.literal(false),
    code: z.string(),
    detail: z.string(),
    sources: LLMSourcesSchema.optional(),
    overridden_by_env: z.array(z.string()).optional(),
  }),
]);

export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
export type SettingsView = z.infer<typeof SettingsViewSchema>;
