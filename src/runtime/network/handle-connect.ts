import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { answerSocketWithReason } from './answer-with-reason';
import type { EgressLogEntry } from './egress-proxy-options';
import { openCheckedDestination } from './open-checked-destination';
import { parseConnectTarget } from './parse-connect-target';
import type { ProxyContext } from './proxy-context';
import { spliceSockets } from './splice-sockets';

/**
 * One `CONNECT host:port` tunnel (HTTPS, git, anything TLS): check, connect to the checked address,
 * answer 200 and splice bytes both ways until either side ends. Refusals and failures are answered on
 * the socket with a one-line reason. Logs exactly once. Never rejects.
 */
export async function handleConnect(
  request: IncomingMessage,
  client: Socket,
  head: Buffer,
  context: ProxyContext,
): Promise<void> {
  const started = performance.now();
  client.on('error', () => client.destroy()); // a client reset mid-handshake is routine, not a proxy fault
  const authority = request.url ?? '';
  const target = parseConnectTarget(authority);
  const finish = (entry: Omit<EgressLogEntry, 'kind' | 'host' | 'port' | 'durationMs'>) =>
    context.log({
      kind: 'connect',
      host: target?.host ?? authority.slice(0, 300),
      port: target?.port ?? 0,
      durationMs: performance.now() - started,
      ...entry,
    });
  const refuse = (status: number, reason: string) => {
    answerSocketWithReason(client, status, reason);
    finish({ outcome: status === 403 ? 'refused' : 'failed', status, reason });
  };

  if (target === undefined) return refuse(400, 'Agent Workbench proxy: CONNECT needs host:port');
  if (!context.tryAcquire())
    return refuse(503, 'Agent Workbench proxy: too many open connections, try again');
  try {
    const destination = await openCheckedDestination(target, context);
    if (!destination.ok) return refuse(destination.status, destination.reason);
    if (client.destroyed) {
      destination.socket.destroy();
      return finish({
        outcome: 'failed',
        status: 499,
        reason: 'client went away',
        address: destination.address,
      });
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) destination.socket.write(head);
    const totals = await spliceSockets(client, destination.socket, context.idleTimeoutMs);
    finish({ outcome: 'allowed', status: 200, address: destination.address, ...totals });
  } finally {
    context.release();
  }
}
