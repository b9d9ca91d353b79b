import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RuntimeEnv {
  host: string;
  port: number;
  dataDir: string;
  workspace: string;
  sessionKey: string;
  /** Improve automatic titles with one cheap model call (AGENT_WORKBENCH_MODEL_TITLES=0 turns it off). */
  modelTitles: boolean;
  /** postgres://… (AGENT_WORKBENCH_DATABASE_URL): conversations in PostgreSQL; absent: `<data-dir>/workbench.db`. */
  databaseUrl?: string;
  /**
   * One of several runtimes on one data dir and database (AGENT_WORKBENCH_RUNTIME_NAME, set by the
   * launcher's --runtimes): names its lock file and its lease owner id.
   */
  runtimeName?: string;
  /** How long a conversation lease lasts without renewal (AGENT_WORKBENCH_LEASE_TTL_MS; default 15 s). */
  leaseTtlMs?: number;
  /** Where the ingress reaches this runtime, recorded in its leases (AGENT_WORKBENCH_ADVERTISE_URL; default the listen URL). */
  advertiseUrl?: string;
  /**
   * A Unix socket the runtime also listens on, for the launcher's ingress (AGENT_WORKBENCH_RUNTIME_SOCKET,
   * a path in the data dir set by the launcher); absent: TCP only.
   */
  socketPath?: string;
  /** The preview origin's loopback port (AGENT_WORKBENCH_PREVIEW_PORT, chosen by the launcher); absent: no preview. */
  previewPort?: number;
}

/** Set to 1 by the launcher: stdin is a pipe from it, and its end means the launcher died. */
export const PARENT_PIPE_VARIABLE = 'AGENT_WORKBENCH_PARENT_PIPE';

/** A startup problem worth one line on stderr: what is wrong and how to fix it. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Reads the runtime's configuration from the environment (NAMES.md "Runtime process"). The session
 * key comes from AGENT_WORKBENCH_SESSION_KEY, or, when the runtime is started by hand, from the data
 * dir's session-key file. Throws StartupError naming the variable and the fix.
 */
export function readRuntimeEnv(env: NodeJS.ProcessEnv, cwd: string): RuntimeEnv {
  const host = env.AGENT_WORKBENCH_RUNTIME_HOST?.trim() || '127.0.0.1';
  const portText = env.AGENT_WORKBENCH_RUNTIME_PORT?.trim() || '18000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) {
    throw new StartupError(`AGENT_WORKBENCH_RUNTIME_PORT must be a port number 0-65535 (got "${portText}")`);
  }
  const dataDir = resolve(cwd, env.AGENT_WORKBENCH_DATA_DIR?.trim() || join(homedir(), '.agent-workbench'));
  const workspace = resolve(cwd, env.AGENT_WORKBENCH_WORKSPACE?.trim() || cwd);
  const modelTitles = env.AGENT_WORKBENCH_MODEL_TITLES?.trim() !== '0';
  const databaseUrl = env.AGENT_WORKBENCH_DATABASE_URL?.trim() || undefined;
  const runtimeName = env.AGENT_WORKBENCH_RUNTIME_NAME?.trim() || undefined;
  if (runtimeName !== undefined && !/^[a-z0-9][a-z0-9-]{0,31}$/.test(runtimeName)) {
    throw new StartupError(
      `AGENT_WORKBENCH_RUNTIME_NAME must be 1-32 lowercase letters, digits or dashes (got "${runtimeName}")`,
    );
  }
  const ttlText = env.AGENT_WORKBENCH_LEASE_TTL_MS?.trim();
  const leaseTtlMs = ttlText ? Number(ttlText) : undefined;
  if (leaseTtlMs !== undefined && (!/^\d+$/.test(ttlText ?? '') || leaseTtlMs < 300)) {
    throw new StartupError(
      `AGENT_WORKBENCH_LEASE_TTL_MS must be a whole number of milliseconds, at least 300 (got "${ttlText}")`,
    );
  }
  const advertiseUrl = env.AGENT_WORKBENCH_ADVERTISE_URL?.trim() || undefined;
  if (advertiseUrl !== undefined && !/^https?:\/\/[^/\s]+$/.test(advertiseUrl)) {
    throw new StartupError(
      `AGENT_WORKBENCH_ADVERTISE_URL must be http(s)://host:port without a path (got "${advertiseUrl}")`,
    );
  }
  const previewText = env.AGENT_WORKBENCH_PREVIEW_PORT?.trim();
  const previewPort = previewText ? Number(previewText) : undefined;
  if (
    previewPort !== undefined &&
    (!/^\d+$/.test(previewText ?? '') || previewPort < 1 || previewPort > 65_535)
  ) {
    throw new StartupError(
      `AGENT_WORKBENCH_PREVIEW_PORT must be a port number 1-65535 (got "${previewText}")`,
    );
  }
  const socketText = env.AGENT_WORKBENCH_RUNTIME_SOCKET?.trim();
  const socketPath = socketText ? resolve(cwd, socketText) : undefined;
  return {
    host,
    port,
    dataDir,
    workspace,
    sessionKey: readSessionKey(env, dataDir),
    modelTitles,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(runtimeName ? { runtimeName } : {}),
    ...(leaseTtlMs ? { leaseTtlMs } : {}),
    ...(advertiseUrl ? { advertiseUrl } : {}),
    ...(previewPort ? { previewPort } : {}),
    ...(socketPath ? { socketPath } : {}),
  };
}

function readSessionKey(env: NodeJS.ProcessEnv, dataDir: string): string {
  const fromEnv = env.AGENT_WORKBENCH_SESSION_KEY?.trim();
  if (fromEnv) return fromEnv;
  const path = join(dataDir, 'session-key');
  try {
    const fromFile = readFileSync(path, 'utf8').trim();
    if (fromFile) return fromFile;
  } catch {
    // Fall through to the one clear message below.
  }
  throw new StartupError(
    `No session key: set AGENT_WORKBENCH_SESSION_KEY or create ${path} (the launcher does both for you)`,
  );
}
