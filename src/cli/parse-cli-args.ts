import { parseArgs } from 'node:util';
import { type AgentServerOptions, parseAgentServerArgs } from './parse-agent-server-args';
import { parseAllowOrigins } from './parse-allow-origins';
import { databaseUrlError, isLoopbackHost, isPostgresUrl, parsePort, stripBrackets } from './cli-arg-checks';

/** What the person asked for on the command line; paths are still as typed. */
export interface CliOptions {
  port: number;
  host: string;
  runtimePort: number;
  /** The automation service's port on 127.0.0.1. */
  automationPort: number;
  dataDir: string | undefined;
  workspace: string | undefined;
  open: boolean;
  public: boolean;
  runtimeUrl: string | undefined;
  /** postgres://… : conversations in that PostgreSQL database instead of the data dir's SQLite file. */
  databaseUrl: string | undefined;
  /** How many runtime processes to start (ports runtimePort, runtimePort + 1, …); above 1 needs PostgreSQL. */
  runtimes: number;
  /**
   * Origins of other front ends (--allow-origin, repeatable) whose pages may call the runtime: CORS and
   * the Origin checks of the ingress and the runtime accept exactly these beside the ingress's own.
   */
  allowOrigins: string[];
  /** Which sandbox runs the agent's commands (--sandbox); undefined: the settings' choice, else bubblewrap. */
  sandbox: SandboxFlag | undefined;
  /** The image of docker sandboxes (--sandbox-image); undefined: the settings' or agent-workbench-sandbox:1. */
  sandboxImage: string | undefined;
}

/** The values of --sandbox (the runtime's sandbox kinds; the launcher never imports the runtime). */
export const SANDBOX_FLAGS = ['bubblewrap', 'docker', 'none'] as const;
export type SandboxFlag = (typeof SANDBOX_FLAGS)[number];

export type CliCommand =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'agent-server'; options: AgentServerOptions }
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'usage-error'; message: string };

export const DEFAULT_PORT = 8000;
export const DEFAULT_RUNTIME_PORT = 18000;
export const DEFAULT_AUTOMATION_PORT = 18100;
export const DEFAULT_HOST = '127.0.0.1';
export const MAX_RUNTIMES = 16;

/** Pure: never touches the file system or the environment. Expected mistakes come back as 'usage-error'. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  if (argv[0] === 'agent-server') return parseAgentServerArgs(argv.slice(1));
  let values: ReturnType<typeof parseRaw>['values'];
  try {
    values = parseRaw(argv).values;
  } catch (error) {
    // parseArgs throws TypeErrors with a readable message for unknown flags and missing values.
    return { kind: 'usage-error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const port = parsePort('--port', values.port, DEFAULT_PORT);
  if (typeof port === 'string') return { kind: 'usage-error', message: port };
  const runtimePort = parsePort('--runtime-port', values['runtime-port'], DEFAULT_RUNTIME_PORT);
  if (typeof runtimePort === 'string') return { kind: 'usage-error', message: runtimePort };
  const automationPort = parsePort('--automation-port', values['automation-port'], DEFAULT_AUTOMATION_PORT);
  if (typeof automationPort === 'string') return { kind: 'usage-error', message: automationPort };

  const host = stripBrackets(values.host ?? DEFAULT_HOST);
  if (host === '') return { kind: 'usage-error', message: '--host must not be empty' };
  const isPublic = values.public ?? false;
  if (!isPublic && !isLoopbackHost(host)) {
    return {
      kind: 'usage-error',
      message: `--host ${host} is not a loopback address; add --public to allow it`,
    };
  }

  const runtimeUrl = values['runtime-url'];
  if (runtimeUrl !== undefined && !isHttpUrl(runtimeUrl)) {
    return {
      kind: 'usage-error',
      message: `--runtime-url must be an http:// or https:// URL, got "${runtimeUrl}"`,
    };
  }
  const databaseUrl = values['database-url'];
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    return { kind: 'usage-error', message: databaseUrlError('--database-url') };
  }
  const runtimesText = values.runtimes ?? '1';
  const runtimes = Number(runtimesText);
  if (!/^\d+$/.test(runtimesText) || runtimes < 1 || runtimes > MAX_RUNTIMES) {
    return {
      kind: 'usage-error',
      message: `--runtimes must be a whole number from 1 to ${MAX_RUNTIMES}, got "${runtimesText}"`,
    };
  }
  if (runtimes > 1 && runtimeUrl !== undefined) {
    return {
      kind: 'usage-error',
      message: '--runtimes starts runtimes; it cannot be combined with --runtime-url',
    };
  }
  if (runtimePort !== 0 && runtimePort + runtimes - 1 > 65_535) {
    return {
      kind: 'usage-error',
      message: `--runtimes ${runtimes} from --runtime-port ${runtimePort} runs past port 65535`,
    };
  }
  for (const flag of ['data-dir', 'workspace'] as const) {
    if (values[flag] === '') return { kind: 'usage-error', message: `--${flag} must not be empty` };
  }
  const allowOrigins = parseAllowOrigins(values['allow-origin']);
  if (typeof allowOrigins === 'string') return { kind: 'usage-error', message: allowOrigins };
  const sandbox = values.sandbox;
  if (sandbox !== undefined && !(SANDBOX_FLAGS as readonly string[]).includes(sandbox)) {
    return {
      kind: 'usage-error',
      message: `--sandbox must be one of ${SANDBOX_FLAGS.join(', ')}, got "${sandbox}"`,
    };
  }
  const sandboxImage = values['sandbox-image'];
  if (sandboxImage !== undefined && !/^[a-z0-9][a-z0-9._/:@-]{0,254}$/i.test(sandboxImage)) {
    return {
      kind: 'usage-error',
      message: `--sandbox-image must be an image name such as agent-workbench-sandbox:1, got "${sandboxImage}"`,
    };
  }

  return {
    kind: 'run',
    options: {
      port,
      host,
      runtimePort,
      automationPort,
      dataDir: values['data-dir'],
      workspace: values.workspace,
      open: !(values['no-open'] ?? false),
      public: isPublic,
      runtimeUrl,
      databaseUrl,
      runtimes,
      allowOrigins,
      sandbox: sandbox as SandboxFlag | undefined,
      sandboxImage,
    },
  };
}

function parseRaw(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'runtime-port': { type: 'string' },
      'automation-port': { type: 'string' },
      'data-dir': { type: 'string' },
      workspace: { type: 'string' },
      'no-open': { type: 'boolean' },
      public: { type: 'boolean' },
      'runtime-url': { type: 'string' },
      'database-url': { type: 'string' },
      runtimes: { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      sandbox: { type: 'string' },
      'sandbox-image': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
