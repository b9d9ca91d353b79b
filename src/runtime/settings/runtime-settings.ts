import type { ApprovalRule, Budgets, ConfirmationPolicy, HookConfig, SecurityAnalyzer } from '../events';
import type { LLMConfig } from '../llm/llm-config';
import type { PriceOverrides } from '../llm/price-overrides';
import type { MCPServers } from '../mcp/mcp-server-config';
import type { SandboxSettings } from '../sandbox/sandbox-settings';

/** Settings as the runtime sees them now: settings.json with env vars (LLM_*) layered on top. */
export interface RuntimeSettings {
  llm: LLMConfig | null;
  confirmation_policy: ConfirmationPolicy;
  security_analyzer: SecurityAnalyzer;
  /** How commands are confined: network allowlist, hidden paths, limits. */
  sandbox: SandboxSettings;
  /** Global approval rules, checked after a conversation's own. */
  approval_rules: ApprovalRule[];
  /** Global MCP servers (secrets included): started for every conversation that does not turn them off. */
  mcp_servers?: MCPServers;
  /** Default budgets of new conversations and automation runs; absent: none. */
  budgets?: Budgets;
  /** Prices by model name, used before the built-in table; absent: none. */
  prices?: PriceOverrides;
  /** Global hooks; absent: none. */
  hooks?: HookConfig;
  /** Workspace folder (real path) -> SHA-256 of the `.openhands/hooks.json` the person accepted there. */
  accepted_workspace_hooks?: Record<string, string>;
  /** Runs that may go at once (the file's, else twice the cores, at least eight); absent: that default. */
  max_concurrent_runs?: number;
  /** Per model name: native function calling true, false or `auto`; absent or not named: `auto`. */
  native_tool_calling?: Record<string, boolean | 'auto'>;
  /** Workspace folders whose MEMORY.md is used (memory is opt-in per workspace); absent: none. */
  memory_workspaces?: string[];
}
