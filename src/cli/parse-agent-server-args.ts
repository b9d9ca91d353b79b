import { parseArgs } from 'node:util';
import { databaseUrlError, isLoopbackHost, isPostgresUrl, parsePort, stripBrackets } from './cli-arg-checks';
import { parseAllowOrigins } from './parse-allow-origins';

/** `agent-workbench agent-server …`: the runtime alone, as a drop-in for openhands-agent-server. */
export interface AgentServerOptions {
  host: string;
  port: number;
  dataDir: string | undefined;
  workspace: string | undefined;
  databaseUrl: string | undefined;
  /** Front ends on other origins that may call it (CORS and the Origin check accept exactly these). */
  allowOrigins: string[];
  public: boolean;
}

/** upstream's `python -m openhands.agent_server` listens on 8000 too. */
export const DEFAULT_AGENT_SERVER_PORT = 8000;

/** What `agent-server`'s arguments ask for; parseCliArgs passes it on as its own answer. */
export type AgentServerCommand =
  | { kind: 'agent-server'; options: AgentServerOptions }
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string };

/** Pure, like parseCliArgs: flags after `agent-server`, or a usage error. */
export function parseAgentServerArgs(argv: readonly string[]): AgentServerCommand {
  let values: ReturnType<typeof parseRaw>['values'];
  try {
    values = parseRaw(argv).values;
  } catch (error) {
    return { kind: 'usage-error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const port = parsePort('--port', values.port, DEFAULT_AGENT_SERVER_PORT);
  if (typeof port === 'string') return { kind: 'usage-error', message: port };
  const host = stripBrackets(values.host ?? '127.0.0.1');
  const isPublic = values.public ?? false;
  if (host === '') return { kind: 'usage-error', message: '--host must not be empty' };
  // upstream binds 0.0.0.0 by default; a drop-in that quietly listened on the network would be a surprise.
  if (!isPublic && !isLoopbackHost(host)) {
    return {
      kind: 'usage-error',
      message: `--host ${host} is not a loopback address; add --public to allow it`,
    };
  }
  const databaseUrl = values['database-url'];
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    return { kind: 'usage-error', message: databaseUrlError('--database-url') };
  }
  for (const flag of ['data-dir', 'workspace'] as const) {
    if (values[flag] === '') return { kind: 'usage-error', message: `--${flag} must not be empty` };
  }
  const allowOrigins = parseAllowOrigins(values['allow-origin']);
  if (typeof allowOrigins === 'string') return { kind: 'usage-error', message: allowOrigins };
  return {
    kind: 'agent-server',
    options: {
      host,
      port,
      dataDir: values['data-dir'],
      workspace: values.workspace,
      databaseUrl,
      allowOrigins,
      public: isPublic,
    },
  };
}

function parseRaw(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      workspace: { type: 'string' },
      'database-url': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      public: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
