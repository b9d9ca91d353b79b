import type { Socket } from 'node:net';
import type { ConnectDestination, ResolvedAddress } from './egress-proxy-options';

export type DestinationResult =
  | { connected: true; socket: Socket }
  | { connected: false; status: 502 | 504; reason: string };

/**
 * Connects to an already-checked address within `timeoutMs`. Never rejects: a refused, unreachable or
 * slow destination becomes a 502/504 result with a one-line reason (`host` names it for the model).
 */
export function openDestination(
  connect: ConnectDestination,
  host: string,
  address: ResolvedAddress,
  port: number,
  timeoutMs: number,
): Promise<DestinationResult> {
  return new Promise((resolve) => {
    const socket = connect({ ...address, port });
    if (!socket.pending) {
      resolve({ connected: true, socket });
      return;
    }
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({
        connected: false,
        status: 504,
        reason: `Agent Workbench proxy: connecting to ${host}:${port} timed out`,
      });
    }, timeoutMs);
    const onError = (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      const code = error.code ?? error.message;
      resolve({
        connected: false,
        status: 502,
        reason: `Agent Workbench proxy: cannot connect to ${host}:${port} (${code})`,
      });
    };
    socket.once('error', onError);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', onError);
      resolve({ connected: true, socket });
    });
  });
}
