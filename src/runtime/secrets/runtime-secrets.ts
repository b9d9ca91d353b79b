import type { NamedSecret } from './create-redactor';

/** Env variables that hold model API keys; each is masked under its own name. */
export const API_KEY_ENV_VARIABLES = ['LLM_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY'] as const;

/**
 * The runtime-wide secrets: the API key(s) the settings hold (the one in effect and the one in
 * settings.json, which may differ when env overrides it), the API key env variables, the password
 * in AGENT_WORKBENCH_DATABASE_URL, and the session key. Empty values are skipped; duplicates are left
 * to the redactor.
 */
export function runtimeSecrets(sources: {
  settingsKeys: readonly (string | undefined)[];
  env: NodeJS.ProcessEnv;
  sessionKey?: string | undefined;
}): NamedSecret[] {
  const secrets: NamedSecret[] = [];
  for (const value of sources.settingsKeys) if (value) secrets.push({ name: 'LLM_API_KEY', value });
  for (const name of API_KEY_ENV_VARIABLES) {
    const value = sources.env[name]?.trim();
    if (value) secrets.push({ name, value });
  }
  const databasePassword = passwordIn(sources.env.AGENT_WORKBENCH_DATABASE_URL);
  // A name no command can spell as `$NAME`: masked everywhere, never handed to a terminal.
  if (databasePassword) secrets.push({ name: 'database-password', value: databasePassword });
  if (sources.sessionKey) secrets.push({ name: 'session-key', value: sources.sessionKey });
  // The automation service's key opens the same API: masked like the session key.
  const automationKey = sources.env.AGENT_WORKBENCH_AUTOMATION_KEY?.trim();
  if (automationKey) secrets.push({ name: 'automation-key', value: automationKey });
  return secrets;
}

function passwordIn(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined; // not a URL: the runtime refuses it at start-up anyway
  }
}
