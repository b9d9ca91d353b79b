import { join } from 'node:path';

/** Linux's sun_path holds 108 bytes, the last a NUL (as src/server/process/listen-on-unix-socket.ts). */
const MAX_UNIX_SOCKET_PATH_BYTES = 107;

/** Set to 1, the ingress reaches the runtime over TCP as before (an escape hatch and the benchmark's baseline). */
export const INGRESS_OVER_TCP_VARIABLE = 'AGENT_WORKBENCH_INGRESS_OVER_TCP';

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
