export type SettingsErrorCode =
  | 'corrupt_settings'
  | 'invalid_env'
  | 'settings_io'
  | 'incomplete_llm'
  | 'unknown_masked_value';

/** Expected settings failures: a broken settings.json, a bad LLM_* variable, a failed write, a patch that leaves no model. */
export class SettingsError extends Error {
  constructor(
    readonly code: SettingsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}
