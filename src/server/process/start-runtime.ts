import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { createSettingsStore } from '../../runtime/settings/settings-store';
import { createLazyAiSdkLLM } from './lazy-ai-sdk-llm';
import { buildServer } from '../http/build-server';
import { createPreviewSite } from '../preview/preview-site';
import { type PreviewServer, startPreviewServer } from '../preview/start-preview-server';

/** The preview origin is for the person at this machine, whatever address the runtime listens on. */
const PREVIEW_HOST = '127.0.0.1';
import { type DataDirLock, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { type CorruptRow, createRuntimeService, type RuntimeService } from './create-runtime-service';
import {
  listenOnUnixSocket,
  UnixSocketError,
  type UnixSocketListener,
} from '../../client/listen-on-unix-socket';
import { readVersion } from './read-version';
import { type RuntimeEnv, StartupError } from './runtime-env';
import type { ZodApp } from '../http/server-context';

export interface RunningRuntime {
  app: ZodApp;
  /** http://host:port actually bound (port 0 becomes the chosen one). */
  url: string;
  /** Stops accepting, closes sockets and the runtime. Resolves when done. */
  close(): Promise<void>;
}

/**
 * Opens the data dir and settings, builds the server and listens. Throws StartupError with one line
 * naming the cause and the fix (port in use, unwritable data dir, corrupt settings.json).
 */
export async function startRuntime(
  env: RuntimeEnv,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<RunningRuntime> {
  try {
    mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new StartupError(`Cannot create the data dir ${env.dataDir}: ${errorText(error)}`);
  }
  // Several runtimes share a data dir only on PostgreSQL; on SQLite the name gives no second lock.
  const lock = takeDataDirLock(env.dataDir, env.databaseUrl ? env.runtimeName : undefined);
  try {
    return await startLocked(env, options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startLocked(
  env: RuntimeEnv,
  options: { logger?: FastifyServerOptions['logger'] },
  lock: DataDirLock,
): Promise<RunningRuntime> {
  let settings: ReturnType<typeof createSettingsStore>;
  try {
    settings = createSettingsStore(env.dataDir, process.env);
  } catch (error) {
    throw new StartupError(errorText(error));
  }
  // The store may report corrupt rows before the server (and its logger) exists; they wait for it.
  let log: FastifyBaseLogger | undefined;
  const early: CorruptRow[] = [];
  const onCorruptRow = (info: CorruptRow) =>
    log ? log.error(info, 'skipped a corrupt event row') : early.push(info);
  let runtime: RuntimeService;
  try {
    runtime = await createRuntimeService({
      dataDir: env.dataDir,
      databaseUrl: env.databaseUrl,
      defaultWorkspace: env.workspace,
      settings,
      onCorruptRow,
      modelTitles: env.modelTitles,
      sessionKey: env.sessionKey,
      leases: {
        owner: `${env.runtimeName ? `runtime-${env.runtimeName}` : 'runtime'}:${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
        ...(env.leaseTtlMs ? { ttlMs: env.leaseTtlMs } : {}),
        ...(env.advertiseUrl || env.port !== 0
          ? { ownerUrl: env.advertiseUrl ?? `http://${bracketed(env.host)}:${env.port}` }
          : {}),
      },
    });
  } catch (error) {
    const where = env.databaseUrl ? 'the PostgreSQL database' : `the database in ${env.dataDir}`;
    throw new StartupError(`Cannot open ${where}: ${errorText(error)}`);
  }
  const preview = env.previewPort === undefined ? undefined : createPreviewSite(env.previewPort);
  const app = await buildServer({
    ...(preview === undefined ? {} : { preview }),
    service: runtime.service,
    createLLM: createLazyAiSdkLLM,
    settings,
    sessionKey: env.sessionKey,
    version: readVersion(),
    defaultWorkspace: env.workspace,
    dataDir: env.dataDir,
    secrets: runtime.secrets,
    savedSecrets: runtime.savedSecrets,
    workspaceConfinement: runtime.workspaceConfinement,
    logger: options.logger,
  });
  log = app.log;
  for (const info of early) app.log.error(info, 'skipped a corrupt event row');
  try {
    await app.listen({ host: env.host, port: env.port });
  } catch (error) {
    await app.close();
    await runtime.close();
    throw new StartupError(listenFailure(error, env));
  }
  let unixSocket: UnixSocketListener | undefined;
  if (env.socketPath !== undefined) {
    try {
      unixSocket = await listenOnUnixSocket(app.server, env.socketPath);
    } catch (error) {
      await app.close();
      await runtime.close();
      throw error instanceof UnixSocketError ? new StartupError(error.message) : error;
    }
  }
  let previewServer: PreviewServer | undefined;
  if (preview !== undefined) {
    try {
      previewServer = await startPreviewServer({
        site: preview,
        previewOf: (id) => runtime.service.loadedSandbox(id)?.preview,
        host: PREVIEW_HOST,
      });
    } catch (error) {
      unixSocket?.close();
      await app.close();
      await runtime.close();
      throw new StartupError(
        `Cannot serve the preview on ${PREVIEW_HOST}:${preview.port}: ${errorText(error)}`,
      );
    }
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const url = `http://${bracketed(env.host)}:${port}`;
  // Listening now: no other live process can hold this URL, so the leases of the one before may go.
  await runtime.service.startLeases?.(env.advertiseUrl ?? url).catch((error: unknown) => {
    app.log.error({ err: error }, 'leases not started');
  });
  return {
    app,
    url,
    close: async () => {
      // Sockets and requests first, so nobody is told about a run being stopped halfway.
      await previewServer?.close();
      // New connections stop at once; requests under way end as on the port, then what is left is dropped.
      unixSocket?.stopAccepting();
      await app.close();
      unixSocket?.close();
      await runtime.close();
      lock.release();
    },
  };
}

/** Two runtimes on one database would interleave appends (UNIQUE errors, lost runs): refuse the second. */
function takeDataDirLock(dataDir: string, name: string | undefined): DataDirLock {
  let result: ReturnType<typeof lockDataDir>;
  try {
    result = lockDataDir(dataDir, name);
  } catch (error) {
    throw new StartupError(`Cannot lock the data dir ${dataDir} (${LOCK_FILE}): ${errorText(error)}`);
  }
  if (result.ok) return result.lock;
  const holder = result.holderPid === undefined ? '' : ` (pid ${result.holderPid})`;
  throw new StartupError(
    `Another Agent Workbench runtime${holder} is using the data dir ${dataDir}: stop it, or pass --data-dir with another folder`,
  );
}

function listenFailure(error: unknown, env: RuntimeEnv): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'EADDRINUSE') {
    return `Port ${env.port} on ${env.host} is already in use: stop what uses it or choose another with --runtime-port`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `Cannot listen on ${env.host}: no such local address (check AGENT_WORKBENCH_RUNTIME_HOST)`;
  }
  if (code === 'EACCES') return `Not allowed to listen on port ${env.port}: choose a port above 1023`;
  return `Cannot listen on ${env.host}:${env.port}: ${errorText(error)}`;
}

function bracketed(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
