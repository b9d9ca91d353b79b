export type SettingsErrorCode =
  | 'corrupt_settings'
  | 'invalid_env'
  | 'settings_io'
  | 'incomplete_llm'
  | 'unknown_masked_value'
  | 'mcp_path_refused'
  | 'secret_not_found'
  | 'secret_value_withheld';

/**
 * Expected settings failures: a broken settings.json, a bad LLM_* variable, a failed write, a patch
 * that leaves no model, an MCP server whose read_only_paths would show a hidden path, a saved secret
 * that does not exist, or one whose value was asked for (values never leave the runtime).
 */
export class SettingsError extends Error {
  constructor(
    readonly code: SettingsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}
