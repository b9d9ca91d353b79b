import { fileURLToPath } from 'node:url';
import type { RuntimeCommand } from './spawn-runtime';

/** The repository root (this file lives in src/cli). */
export const REPO_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface RuntimeCommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  host: string;
  port: number;
  dataDir: string;
  workspace: string;
  sessionKey: string;
}

/**
 * NAMES.md "Runtime process": `node --import tsx <repo>/src/server/main.ts` in the person's cwd.
 * tsx is passed as an absolute URL because the cwd is usually not this repository. The session key
 * goes in the environment, never on argv where `ps` would show it.
 */
export function runtimeCommand(options: RuntimeCommandOptions): RuntimeCommand {
  return {
    command: process.execPath,
    args: [
      '--import',
      import.meta.resolve('tsx'),
      fileURLToPath(new URL('../server/main.ts', import.meta.url)),
    ],
    cwd: options.cwd,
    env: {
      ...options.env,
      AGENT_WORKBENCH_RUNTIME_HOST: options.host,
      AGENT_WORKBENCH_RUNTIME_PORT: String(options.port),
      AGENT_WORKBENCH_DATA_DIR: options.dataDir,
      AGENT_WORKBENCH_WORKSPACE: options.workspace,
      AGENT_WORKBENCH_SESSION_KEY: options.sessionKey,
    },
  };
}
