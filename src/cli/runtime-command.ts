import { fileURLToPath } from 'node:url';
import { chooseRuntimeEntry, type RuntimeEntry } from './runtime-entry';
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
  /** Origins of the ingress's pages: the only Origin headers the runtime accepts. */
  allowedOrigins: readonly string[];
  /** The automation service's key, which the runtime accepts beside the session key. */
  automationKey: string;
  /** postgres://… when conversations live in PostgreSQL; absent: the data dir's SQLite file. */
  databaseUrl?: string | undefined;
  /** One of several runtimes (--runtimes): its name, for its lock file and its lease owner id. */
  runtimeName?: string | undefined;
  /** A Unix socket in the data dir it also listens on, for the ingress (runtime-socket-path.ts); absent: TCP only. */
  socketPath?: string | undefined;
  /** The loopback port of its preview origin (apps running in sandboxes); absent: no preview. */
  previewPort?: number | undefined;
  /** --sandbox: the runtime's AGENT_WORKBENCH_SANDBOX_BACKEND, or AGENT_WORKBENCH_SANDBOX=0 for none. */
  sandbox?: 'bubblewrap' | 'docker' | 'none' | undefined;
  /** --sandbox-image: AGENT_WORKBENCH_SANDBOX_IMAGE. */
  sandboxImage?: string | undefined;
}

/**
 * A small young generation: the runtime idles most of its life, and V8's default lets start-up
 * garbage hold up to 16 MiB per semi-space for good. Smaller code and heap tuning for the same reason;
 * measured with `npm run bench -- startup` (idle RSS) and `npm run bench -- loop` (throughput). The
 * runtime sets them aside until it listens, so that Node's code cache still serves its built-ins
 * (src/server/process/suspend-v8-flags.ts).
 */
export const RUNTIME_V8_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size'];

/**
 * The runtime process in the person's cwd: `node <repo>/dist/runtime/main.mjs` when the build's bundle
 * is current, else `node --import tsx <repo>/src/server/process/main.ts` (see chooseRuntimeEntry). tsx is passed
 * as an absolute URL because the cwd is usually not this repository. The session key goes in the
 * environment, never on argv where `ps` would show it.
 */
export function runtimeCommand(options: RuntimeCommandOptions): RuntimeCommand {
  return {
    command: process.execPath,
    args: nodeArguments(chooseRuntimeEntry(REPO_DIR)),
    cwd: options.cwd,
    env: {
      ...options.env,
      AGENT_WORKBENCH_RUNTIME_HOST: options.host,
      AGENT_WORKBENCH_RUNTIME_PORT: String(options.port),
      AGENT_WORKBENCH_DATA_DIR: options.dataDir,
      AGENT_WORKBENCH_WORKSPACE: options.workspace,
      AGENT_WORKBENCH_SESSION_KEY: options.sessionKey,
      AGENT_WORKBENCH_ALLOWED_ORIGINS: options.allowedOrigins.join(','),
      AGENT_WORKBENCH_AUTOMATION_KEY: options.automationKey,
      ...(options.databaseUrl ? { AGENT_WORKBENCH_DATABASE_URL: options.databaseUrl } : {}),
      ...(options.runtimeName ? { AGENT_WORKBENCH_RUNTIME_NAME: options.runtimeName } : {}),
      ...(options.previewPort ? { AGENT_WORKBENCH_PREVIEW_PORT: String(options.previewPort) } : {}),
      // Never inherited: only the runtime the ingress reaches on it listens there.
      AGENT_WORKBENCH_RUNTIME_SOCKET: options.socketPath,
      ...sandboxVariables(options),
    },
  };
}

/** `node` arguments for a child's entry: the bundle as is, the sources through tsx. */
export function nodeArguments(entry: RuntimeEntry, v8Flags: readonly string[] = RUNTIME_V8_FLAGS): string[] {
  return [
    ...v8Flags,
    ...(entry.kind === 'bundle' ? [entry.path] : ['--import', import.meta.resolve('tsx'), entry.path]),
  ];
}

function sandboxVariables(options: RuntimeCommandOptions): Record<string, string> {
  const image: Record<string, string> = options.sandboxImage
    ? { AGENT_WORKBENCH_SANDBOX_IMAGE: options.sandboxImage }
    : {};
  if (options.sandbox === 'none') return { ...image, AGENT_WORKBENCH_SANDBOX: '0' };
  if (options.sandbox === undefined) return image;
  return { ...image, AGENT_WORKBENCH_SANDBOX_BACKEND: options.sandbox };
}
