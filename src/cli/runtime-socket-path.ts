import { join } from 'node:path';

import { MAX_UNIX_SOCKET_PATH_BYTES } from '../client/listen-on-unix-socket';

/** Set to 1, the ingress reaches the runtime over TCP as before (an escape hatch and the benchmark's baseline). */
export const INGRESS_OVER_TCP_VARIABLE = 'AGENT_WORKBENCH_INGRESS_OVER_TCP';

/**
 * Set to 1, the ingress never hands a connection to the runtime's process and proxies every request,
 * as before it did (the benchmark's baseline, and an escape hatch).
 */
export const INGRESS_PROXY_ONLY_VARIABLE = 'AGENT_WORKBENCH_INGRESS_PROXY_ONLY';

/** Whether the launcher's ingress hands connections to the one runtime it starts (see above). */
export function handsConnectionsOver(env: NodeJS.ProcessEnv): boolean {
  return env[INGRESS_PROXY_ONLY_VARIABLE]?.trim() !== '1';
}

/**
 * Where the runtime the launcher starts also listens for the ingress: a Unix socket in the data dir
 * (`<data-dir>/sockets/runtime.sock`), which no sandbox sees. Undefined, so TCP is used, when the path
 * does not fit a socket address (a long data dir path) or the environment asks for TCP.
 */
export function runtimeSocketPath(dataDir: string, env: NodeJS.ProcessEnv): string | undefined {
  if (env[INGRESS_OVER_TCP_VARIABLE]?.trim() === '1') return undefined;
  const path = join(dataDir, 'sockets', 'runtime.sock');
  return Buffer.byteLength(path) <= MAX_UNIX_SOCKET_PATH_BYTES ? path : undefined;
}

/**
 * The ingress's own door in the data dir (`<data-dir>/sockets/ingress.sock`): the runtime sends back
 * there what a connection handed to it carries that is not its own (a page of the SPA, a login, an
 * automation). Undefined when the path does not fit a socket address: then nothing is handed over.
 */
export function ingressSocketPath(dataDir: string): string | undefined {
  const path = join(dataDir, 'sockets', 'ingress.sock');
  return Buffer.byteLength(path) <= MAX_UNIX_SOCKET_PATH_BYTES ? path : undefined;
}
