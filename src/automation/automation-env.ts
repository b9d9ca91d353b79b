import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_WEBHOOK_LIMIT, type WebhookLimit } from './webhook-rate-limit';

export interface AutomationEnv {
  host: string;
  port: number;
  dataDir: string;
  /** What browsers and scripts must present (the workbench's session key). */
  sessionKey: string;
  /** The runtimes' base URLs (several with --runtimes N), asked in this order. */
  runtimeUrls: string[];
  /** The service's own key for calling the runtime. */
  runtimeKey: string;
  retryDelaysMs: number[];
  /**
   * postgres://… when the runtime keeps conversations in PostgreSQL: the automations live in that
   * database too. Undefined: `<data-dir>/workbench.db`.
   */
  databaseUrl: string | undefined;
  /** The launcher's --workspace: where automations made through the v1 API work. */
  defaultWorkspace: string | undefined;
  /** Webhook calls of one automation that start runs (AGENT_WORKBENCH_WEBHOOK_LIMIT). */
  webhookLimit: WebhookLimit;
}

export const DEFAULT_AUTOMATION_PORT = 18100;
/** About 13 s in all: a runtime restarting after a crash is back well within it. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 9_000];

/**
 * Reads the automation process's configuration (CONTRACT §6). Throws an Error with one line naming
 * the variable and the fix.
 */
export function readAutomationEnv(env: NodeJS.ProcessEnv, cwd: string): AutomationEnv {
  const portText = env.AGENT_WORKBENCH_AUTOMATION_PORT?.trim() || String(DEFAULT_AUTOMATION_PORT);
  if (!/^\d+$/.test(portText) || Number(portText) > 65_535) {
    throw new Error(`AGENT_WORKBENCH_AUTOMATION_PORT must be a port number 0-65535 (got "${portText}")`);
  }
  const sessionKey = required(env, 'AGENT_WORKBENCH_SESSION_KEY');
  const databaseUrl = env.AGENT_WORKBENCH_DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    // Never repeated: it may hold a password.
    throw new Error('AGENT_WORKBENCH_DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return {
    host: env.AGENT_WORKBENCH_AUTOMATION_HOST?.trim() || '127.0.0.1',
    port: Number(portText),
    dataDir: resolve(cwd, env.AGENT_WORKBENCH_DATA_DIR?.trim() || join(homedir(), '.agent-workbench')),
    sessionKey,
    runtimeUrls: parseRuntimeUrls(env.AGENT_WORKBENCH_RUNTIME_URL),
    runtimeKey: env.AGENT_WORKBENCH_AUTOMATION_KEY?.trim() || sessionKey,
    retryDelaysMs: parseDelays(env.AGENT_WORKBENCH_AUTOMATION_RETRY_MS),
    databaseUrl,
    webhookLimit: parseWebhookLimit(env.AGENT_WORKBENCH_WEBHOOK_LIMIT),
    defaultWorkspace: env.AGENT_WORKBENCH_WORKSPACE?.trim() || undefined,
  };
}

/** `<burst>,<per minute>`, both at least 1; the default when unset or empty. */
function parseWebhookLimit(text: string | undefined): WebhookLimit {
  if (text === undefined || text.trim() === '') return DEFAULT_WEBHOOK_LIMIT;
  const match = /^\s*(\d{1,6})\s*,\s*(\d{1,6})\s*$/.exec(text);
  const [burst, perMinute] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || burst < 1 || perMinute < 1) {
    throw new Error(
      `AGENT_WORKBENCH_WEBHOOK_LIMIT must be two whole numbers from 1, "<burst>,<per minute>" (got "${text}")`,
    );
  }
  return { burst, perMinute };
}

/** One URL, or several separated by commas; the default runtime's when unset. */
function parseRuntimeUrls(text: string | undefined): string[] {
  const urls = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const url of urls) {
    if (!/^https?:\/\/[^/]/.test(url))
      throw new Error(`AGENT_WORKBENCH_RUNTIME_URL must be http:// URLs separated by commas (got "${url}")`);
  }
  return urls.length > 0 ? urls : ['http://127.0.0.1:18000'];
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value)
    throw new Error(`${name} is not set (the launcher sets it; set it when starting the service by hand)`);
  return value;
}

function isPostgresUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'postgres:' || protocol === 'postgresql:';
  } catch {
    return false; // not a URL at all
  }
}

/** Comma-separated milliseconds between attempts ("" means a single attempt). */
function parseDelays(text: string | undefined): number[] {
  if (text === undefined) return DEFAULT_RETRY_DELAYS_MS;
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (!parts.every((part) => /^\d{1,6}$/.test(part))) {
    throw new Error(
      `AGENT_WORKBENCH_AUTOMATION_RETRY_MS must be milliseconds separated by commas (got "${text}")`,
    );
  }
  return parts.map(Number);
}
