import { dirname } from 'node:path';

export interface SandboxNetworkOptions {
  /** Unix socket of the runtime's HTTP proxy (which decides what the agent may reach). */
  proxySocketPath: string;
  /** Script run by node inside the sandbox: listens on 127.0.0.1:3128 and forwards to the socket. */
  bridgeScriptPath: string;
}

/** Where the bridge listens inside the sandbox's own network namespace. */
export const BRIDGE_ADDRESS = 'http://127.0.0.1:3128';

const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'ALL_PROXY', 'all_proxy'];
const NO_PROXY_VARIABLES = ['NO_PROXY', 'no_proxy'];
/** Servers the agent starts inside the sandbox are reached directly, not through the proxy. */
const LOCAL_HOSTS = 'localhost,127.0.0.1,::1';

export interface SandboxNetwork {
  /** Paths to bind read-only (after the masks, so a socket inside the data dir stays reachable). */
  exposed: string[];
  /** Proxy variables for the shell; inherited host proxy settings are dropped, as they cannot be reached. */
  env: (env: Record<string, string>) => Record<string, string>;
  /**
   * The shell command, bridge first: `bash -c '<node> <bridge> <socket> & exec bash …'`, or just
   * bash when there is no network. The bridge runs outside bash's job control, so C-c never hits it.
   */
  command: (nodePath: string, bashArguments: readonly string[]) => string[];
}

/** The sandbox always has its own network namespace; with `options`, a proxy bridge is its only way out. */
export function sandboxNetwork(options: SandboxNetworkOptions | undefined): SandboxNetwork {
  const withoutProxy = (env: Record<string, string>) => {
    const kept = { ...env };
    for (const name of [...PROXY_VARIABLES, ...NO_PROXY_VARIABLES]) delete kept[name];
    return kept;
  };
  if (options === undefined) {
    return { exposed: [], env: withoutProxy, command: (_node, bashArguments) => ['bash', ...bashArguments] };
  }
  return {
    exposed: [dirname(options.proxySocketPath), options.bridgeScriptPath],
    env: (env) => {
      const proxied = withoutProxy(env);
      for (const name of PROXY_VARIABLES.slice(0, 4)) proxied[name] = BRIDGE_ADDRESS;
      for (const name of NO_PROXY_VARIABLES) proxied[name] = LOCAL_HOSTS;
      return proxied;
    },
    command: (nodePath, bashArguments) => [
      'bash',
      '--norc',
      '--noprofile',
      '-c',
      // A non-interactive bash drops PS1 and PS2 from the environment: export them empty again, or
      // the interactive shell prints its default prompt around every output. The shell starts once
      // the bridge listens (node takes ~50 ms to start), so the first command already has its proxy;
      // after 2 s it starts anyway, and requests fail with a connection error the model can read.
      '"$1" "$2" "$3" </dev/null >/dev/null 2>&1 & shift 3; ' +
        'for _ in $(seq 100); do (: </dev/tcp/127.0.0.1/3128) 2>/dev/null && break; sleep 0.02; done; ' +
        'export PS1= PS2=; exec bash "$@"',
      'awb-bridge',
      nodePath,
      options.bridgeScriptPath,
      options.proxySocketPath,
      ...bashArguments,
    ],
  };
}
