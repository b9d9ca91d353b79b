import { chooseAutomationEntry } from './runtime-entry';
import { nodeArguments, REPO_DIR, RUNTIME_V8_FLAGS } from './runtime-command';
import type { RuntimeCommand } from './spawn-runtime';

export interface AutomationCommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  host: string;
  port: number;
  dataDir: string;
  sessionKey: string;
  /** Where the service reaches the runtimes' REST API (the first is asked first). */
  runtimeUrls: readonly string[];
  /** The launcher's --workspace: where automations made through the v1 API (the Agent Canvas) work. */
  workspace?: string | undefined;
  /** The service's own key for that API (the runtime was given the same one). */
  automationKey: string;
  /**
   * postgres://… when the runtime keeps conversations in PostgreSQL: the automations go in the same
   * database. Absent: the data dir's SQLite file, whatever the inherited environment says.
   */
  databaseUrl?: string | undefined;
}

/**
 * The runtime's memory flags. V8's optimizing compilers stay on: the service answers the Automate
 * page and webhooks, and a request must not run interpreted to save a few MiB of idle memory.
 */
export const AUTOMATION_V8_FLAGS = RUNTIME_V8_FLAGS;

/**
 * The automation service process, started like the runtime (bundle when current, else the sources
 * through tsx). Keys and the database URL go in the environment, never on argv where `ps` would show
 * them.
 */
export function automationCommand(options: AutomationCommandOptions): RuntimeCommand {
  return {
    command: process.execPath,
    args: nodeArguments(chooseAutomationEntry(REPO_DIR), AUTOMATION_V8_FLAGS),
    cwd: options.cwd,
    env: {
      ...withoutDatabaseUrl(options.env),
      ...(options.databaseUrl ? { AGENT_WORKBENCH_DATABASE_URL: options.databaseUrl } : {}),
      AGENT_WORKBENCH_AUTOMATION_HOST: options.host,
      AGENT_WORKBENCH_AUTOMATION_PORT: String(options.port),
      AGENT_WORKBENCH_DATA_DIR: options.dataDir,
      AGENT_WORKBENCH_SESSION_KEY: options.sessionKey,
      AGENT_WORKBENCH_RUNTIME_URL: options.runtimeUrls.join(','),
      AGENT_WORKBENCH_AUTOMATION_KEY: options.automationKey,
      ...(options.workspace ? { AGENT_WORKBENCH_WORKSPACE: options.workspace } : {}),
    },
  };
}

/** The launcher decides the database (flag, else environment): the child is told only that. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { AGENT_WORKBENCH_DATABASE_URL: _decided, ...rest } = env;
  return rest;
}
