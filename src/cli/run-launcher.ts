import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { automationCommand } from './automation-command';
import { findDataDirHolder } from './find-data-dir-holder';
import { loadSessionKey } from './load-session-key';
import { createLoginToken } from './login-token';
import { openRuntimeLog, type RuntimeLog } from './open-runtime-log';
import { databaseUrlError, isPostgresUrl } from './cli-arg-checks';
import type { CliOptions } from './parse-cli-args';
import { prepareDataDir } from './prepare-data-dir';
import { resolveLaunchPaths } from './resolve-launch-paths';
import { findFreePort } from './find-free-port';
import { REPO_DIR, runtimeCommand } from './runtime-command';
import { handsConnectionsOver, ingressSocketPath, runtimeSocketPath } from './runtime-socket-path';
import { createRuntimeSupervisor, type RuntimeSupervisor } from './runtime-supervisor';
import { type Ingress, startIngress } from './start-ingress';
import { checkPortFree } from './check-port-free';
import {
  AUTOMATION_CHILD,
  type ChildKind,
  describePortProblem,
  launchRuntime,
  RUNTIME_CHILD,
} from './launch-runtime';
import type { RuntimeCommand, RuntimeProcess } from './spawn-runtime';
import { HEALTH_INTERVAL_MS, HEALTH_TIMEOUT_MS, waitUntilHealthy } from './wait-until-healthy';
import { prepareSandboxImage } from './sandbox-image/prepare-sandbox-image';

export interface LauncherIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  homeDir: string;
  stdout(line: string): void;
  stderr(line: string): void;
  openBrowser(url: string): void;
  /** Settles when SIGINT or SIGTERM arrives. */
  shutdownRequested: Promise<unknown>;
  /** The built SPA; defaults to <repo>/dist/ui. */
  staticDir?: string;
}

const RUNTIME_HOST = '127.0.0.1';

/** Printed after the ready line with --public, where the URL carries no login token. */
export const PUBLIC_LOGIN_HINT =
  'Open it and enter the session key (the value of AGENT_WORKBENCH_SESSION_KEY) when the page asks.';

/** What exists so far and must be torn down on the way out. */
interface Started {
  ingress?: Ingress;
  /** The runtimes, the first one answering for everything that is not a conversation's own. */
  supervisors: RuntimeSupervisor[];
  logs: RuntimeLog[];
  automation?: RuntimeSupervisor;
  automationLog?: RuntimeLog;
  /** The automation service's first start, under way after the ready line; settles with a failure message. */
  automationFailed?: Promise<string>;
}

/**
 * The launcher from start to exit; resolves with the exit code. Every expected failure is one line on
 * stderr and exit code 1, with nothing left running.
 */
export async function runLauncher(options: CliOptions, io: LauncherIo): Promise<number> {
  const started: Started = { supervisors: [], logs: [] };
  let signalled = false;
  void io.shutdownRequested.then(() => {
    signalled = true;
    // Ends children that are still starting, so that startup returns at once.
    for (const supervisor of started.supervisors) void supervisor.stop();
    void started.automation?.stop();
  });

  const startup = await startUp(options, io, started, () => signalled);
  if (signalled) return stopAll(started, 0);
  if (!startup.ok) {
    io.stderr(`agent-workbench: ${startup.message}`);
    return stopAll(started, 1);
  }
  io.stdout(`Agent Workbench ready at ${startup.url}`);
  if (options.public) io.stdout(PUBLIC_LOGIN_HINT);
  if (options.open) io.openBrowser(startup.url);

  const never = new Promise<string>(() => {});
  const gaveUp = Promise.race([
    ...started.supervisors.map((supervisor) => supervisor.gaveUp),
    started.automation?.gaveUp ?? never,
    started.automationFailed ?? never,
  ]);
  const outcome = await Promise.race([io.shutdownRequested.then(() => undefined), gaveUp]);
  if (outcome === undefined) return stopAll(started, 0);
  io.stderr(`agent-workbench: ${outcome}`);
  return stopAll(started, 1);
}

async function startUp(
  options: CliOptions,
  io: LauncherIo,
  started: Started,
  signalled: () => boolean,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const checked = checkLaunchOptions(options, io.env);
  if (!checked.ok) return checked;
  const { databaseUrl } = checked;
  const paths = await resolveLaunchPaths(options, io);
  if (!paths.ok) return paths;
  const dataDir = await prepareDataDir(paths.dataDir);
  if (!dataDir.ok) return dataDir;
  const key = await loadSessionKey(paths.dataDir, io.env);
  if (!key.ok) return key;
  const holder = options.runtimeUrl ? undefined : findDataDirHolder(paths.dataDir);
  if (holder !== undefined) {
    return {
      ok: false,
      message: `another Agent Workbench runtime (pid ${holder}) is using the data dir ${paths.dataDir}; stop it, or pass --data-dir with another folder`,
    };
  }

  const runtimePorts = Array.from({ length: options.runtimes }, (_, index) => options.runtimePort + index);
  const runtimeUrls = options.runtimeUrl
    ? [options.runtimeUrl]
    : runtimePorts.map((port) => `http://${RUNTIME_HOST}:${port}`);
  const runtimeUrl = runtimeUrls[0] as string;
  // The automation service runs beside a runtime this launcher starts; it calls it with a key of its
  // own, made fresh for each launch and handed to both in their environment.
  const automationUrl = options.runtimeUrl ? undefined : `http://${RUNTIME_HOST}:${options.automationPort}`;
  const automationKey = randomBytes(32).toString('base64url');
  // The printed URL logs one browser in once. With --public the URL may be seen by others on the
  // network path, so there is none: people type the key on the page.
  const loginToken = options.public ? undefined : createLoginToken();
  // One runtime this launcher starts is reached on a Unix socket in the data dir; several, or one at
  // --runtime-url, over TCP.
  const socketPath =
    options.runtimeUrl || options.runtimes > 1 ? undefined : runtimeSocketPath(paths.dataDir, io.env);
  // The one runtime it starts takes the browser's connections from the ingress (start-ingress.ts).
  const takesConnections = !options.runtimeUrl && options.runtimes === 1 && handsConnectionsOver(io.env);
  // The ingress binds first: a busy port is found before any runtime is spawned.
  const ingress = await startIngress({
    host: options.host,
    port: options.port,
    public: options.public,
    runtimeUrl,
    runtimeUrls,
    runtimeSocketPath: socketPath,
    automationUrl,
    staticDir: io.staticDir ?? join(REPO_DIR, 'dist', 'ui'),
    sessionKey: key.sessionKey,
    loginToken,
    allowOrigins: options.allowOrigins,
    backDoorSocketPath: takesConnections ? ingressSocketPath(paths.dataDir) : undefined,
  });
  if (!ingress.ok)
    return { ok: false, message: ingress.message ?? describeIngressFailure(options.port, ingress.code) };
  started.ingress = ingress.ingress;
  const origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${ingress.ingress.port}`;
  const url = loginToken ? `${origin}/?token=${loginToken.token}` : origin;

  if (options.runtimeUrl) return waitForGivenRuntime(options.runtimeUrl, io, url);

  // A signal that came before the supervisor existed could not stop it: do not spawn at all.
  if (signalled()) return { ok: false, message: 'stopped before the runtime started' };
  if (options.sandbox === 'docker' && options.sandboxImage === undefined) {
    const refusal = await prepareSandboxImage((line) => io.stderr(`agent-workbench: sandbox image: ${line}`));
    if (refusal !== undefined) return { ok: false, message: refusal };
  }
  started.automationLog = openRuntimeLog(paths.dataDir, io.stderr, 'automations');
  // Each runtime serves the preview origin of its own conversations on a loopback port of its own.
  const previewPorts = await Promise.all(runtimePorts.map(() => findFreePort(RUNTIME_HOST)));
  runtimePorts.forEach((port, index) => {
    // The first runtime keeps the names of a single one (runtime.log, runtime.lock); the others are numbered.
    const name = index === 0 ? undefined : String(index + 1);
    const log = openRuntimeLog(paths.dataDir, io.stderr, name ? `runtime-${name}` : undefined);
    started.logs.push(log);
    const command = runtimeCommand({
      cwd: io.cwd,
      env: io.env,
      host: RUNTIME_HOST,
      port,
      dataDir: paths.dataDir,
      workspace: paths.workspace,
      sessionKey: key.sessionKey,
      allowedOrigins: [...ingress.ingress.origins, ...options.allowOrigins],
      automationKey,
      databaseUrl,
      runtimeName: name,
      previewPort: previewPorts[index],
      socketPath: index === 0 ? socketPath : undefined,
      sandbox: options.sandbox,
      sandboxImage: options.sandboxImage,
    });
    const child = name ? { ...RUNTIME_CHILD, name: `runtime ${name}` } : RUNTIME_CHILD;
    const childUrl = runtimeUrls[index] as string;
    // Its conversations move at once: the router asks the others, which take them (their lock died).
    const onExit = () => started.ingress?.runtimeDown(childUrl);
    // It takes the browser's connections from the ingress once it listens, until it exits.
    const onRuntime = takesConnections
      ? (runtime: RuntimeProcess) => handConnectionsTo(ingress.ingress, runtime)
      : undefined;
    started.supervisors.push(superviseChild(child, command, port, log, io, onExit, onRuntime));
  });
  started.automation = superviseChild(
    AUTOMATION_CHILD,
    automationCommand({
      cwd: io.cwd,
      // The runtime's origins: the ingress's pages and every --allow-origin front end (the Agent Canvas
      // calls /api/automation from its own origin, as it calls the runtime).
      env: {
        ...io.env,
        AGENT_WORKBENCH_ALLOWED_ORIGINS: [...ingress.ingress.origins, ...options.allowOrigins].join(','),
      },
      host: RUNTIME_HOST,
      port: options.automationPort,
      dataDir: paths.dataDir,
      workspace: paths.workspace,
      sessionKey: key.sessionKey,
      runtimeUrls,
      automationKey,
      databaseUrl,
    }),
    options.automationPort,
    started.automationLog,
    io,
  );
  // A busy automation port is found before anything is spawned, like the runtime's.
  const automationPortProblem = await checkPortFree(RUNTIME_HOST, options.automationPort);
  if (automationPortProblem) {
    return {
      ok: false,
      message: describePortProblem(AUTOMATION_CHILD, options.automationPort, automationPortProblem),
    };
  }
  // Together: on a shared database each runtime's start-up is independent of the others'.
  const runtimes = await Promise.all(started.supervisors.map((supervisor) => supervisor.start()));
  const failed = runtimes.find((runtime) => !runtime.ok);
  if (failed && !failed.ok) return failed;
  // The automation service starts once the runtime answers, and the ready line does not wait for it:
  // on two cores, starting both at once held the ready line back by a third (scripts/bench/startup).
  // Its runs wait for nothing in the meantime; a first start that fails ends the launcher like a
  // runtime that cannot be restarted.
  const automation = started.automation;
  started.automationFailed = automation
    .start()
    .then((result) => (result.ok ? new Promise<string>(() => {}) : result.message));
  return { ok: true, url };
}

/** --runtime-url: the launcher starts no runtime, and is ready once that one answers. */
async function waitForGivenRuntime(
  runtimeUrl: string,
  io: LauncherIo,
  url: string,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const health = await waitUntilHealthy(runtimeUrl, {
    timeoutMs: HEALTH_TIMEOUT_MS,
    intervalMs: HEALTH_INTERVAL_MS,
    exited: io.shutdownRequested,
  });
  if (health === 'healthy') return { ok: true, url };
  return {
    ok: false,
    message: `no runtime answered ${runtimeUrl}/server_info; start it or drop --runtime-url`,
  };
}

/** The flags that cannot go together, refused before anything starts; the database URL in effect. */
function checkLaunchOptions(
  options: CliOptions,
  env: NodeJS.ProcessEnv,
): { ok: true; databaseUrl: string | undefined } | { ok: false; message: string } {
  if (options.public && !env.AGENT_WORKBENCH_SESSION_KEY?.trim()) {
    return {
      ok: false,
      message: '--public needs AGENT_WORKBENCH_SESSION_KEY set to the key people will type in',
    };
  }
  // The flag, else the environment (which the runtime child would inherit anyway).
  const databaseUrl = options.databaseUrl ?? (env.AGENT_WORKBENCH_DATABASE_URL?.trim() || undefined);
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl))
    return { ok: false, message: databaseUrlError('AGENT_WORKBENCH_DATABASE_URL') };
  if (options.runtimes > 1 && databaseUrl === undefined) {
    return {
      ok: false,
      message:
        '--runtimes above 1 needs --database-url (or AGENT_WORKBENCH_DATABASE_URL): several runtimes share a PostgreSQL database, not the SQLite file',
    };
  }
  return { ok: true, databaseUrl };
}

/** A child process kept alive by its own supervisor (restarted after a crash, stopped with the launcher). */
function superviseChild(
  child: ChildKind,
  command: RuntimeCommand,
  port: number,
  log: RuntimeLog,
  io: LauncherIo,
  onExit?: () => void,
  onRuntime?: (runtime: RuntimeProcess) => void,
): RuntimeSupervisor {
  return createRuntimeSupervisor({
    ...(onExit ? { onExit } : {}),
    start: (onSpawn) =>
      launchRuntime(
        {
          command,
          host: RUNTIME_HOST,
          port,
          logPath: log.path,
          onSpawn: (runtime) => {
            onSpawn(runtime);
            onRuntime?.(runtime);
          },
          child,
        },
        log.output,
      ),
    report: (line) => io.stderr(`agent-workbench: ${line}`),
    now: () => Date.now(),
    sleep: (ms) => sleep(ms),
    name: child.name,
    logPath: log.path,
  });
}

/**
 * From the moment the runtime says it listens (it takes connections from then on) until its process
 * is gone, the ingress hands it the connections whose first request is its own.
 */
function handConnectionsTo(ingress: Ingress, runtime: RuntimeProcess): void {
  void runtime.listening.then(() => {
    if (!runtime.hasExited()) ingress.handOverTo(runtime);
  });
  void runtime.exited.then(() => ingress.handOverTo(undefined));
}

async function stopAll(started: Started, exitCode: number): Promise<number> {
  await Promise.all([
    started.ingress?.close(),
    ...started.supervisors.map((supervisor) => supervisor.stop()),
    started.automation?.stop(),
  ]);
  await Promise.all([...started.logs.map((log) => log.close()), started.automationLog?.close()]);
  return exitCode;
}

function describeIngressFailure(port: number, code: string): string {
  if (code === 'EADDRINUSE') {
    return `port ${port} is already in use (another Agent Workbench?); stop that process or pass --port with a free port`;
  }
  if (code === 'EACCES') return `port ${port} needs privileges here; pass --port with a port above 1023`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `cannot bind to this --host (${code}); pass an address of this machine`;
  }
  return `cannot listen on port ${port} (${code}); pass --port with another port`;
}
