import { type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { answerWithReason } from './answer-with-reason';
import type { EgressLogEntry } from './egress-proxy-options';
import { openCheckedDestination } from './open-checked-destination';
import { parseAbsoluteUrl } from './parse-absolute-url';
import type { ProxyContext } from './proxy-context';
import { stripHopByHopHeaders } from './strip-hop-by-hop-headers';

/**
 * One plain-HTTP proxy request (`GET http://host/path`): check, connect to the checked address, send
 * the request without hop-by-hop headers and stream the answer back. One connection to the destination per
 * request (Connection: close towards it) keeps the check per request. Logs exactly once. Never rejects.
 */
export async function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: ProxyContext,
): Promise<void> {
  const started = performance.now();
  const target = parseAbsoluteUrl(request.url ?? '');
  let logged = false;
  const finish = (entry: Omit<EgressLogEntry, 'kind' | 'host' | 'port' | 'durationMs'>) => {
    if (logged) return;
    logged = true;
    context.log({
      kind: 'request',
      host: target?.host ?? (request.url ?? '').slice(0, 300),
      port: target?.port ?? 0,
      durationMs: performance.now() - started,
      ...entry,
    });
  };
  const refuse = (status: number, reason: string) => {
    if (!response.headersSent) answerWithReason(response, status, reason);
    else response.destroy();
    finish({ outcome: status === 403 ? 'refused' : 'failed', status, reason });
  };

  if (target === undefined) {
    return refuse(400, 'Agent Workbench proxy: send http:// URLs in absolute form, or CONNECT for https');
  }
  if (!context.tryAcquire())
    return refuse(503, 'Agent Workbench proxy: too many open connections, try again');
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    context.release();
  };
  response.once('close', release);

  const destination = await openCheckedDestination(target, context);
  if (!destination.ok) return refuse(destination.status, destination.reason);
  const { address } = destination;
  if (response.destroyed) {
    destination.socket.destroy();
    return finish({ outcome: 'failed', status: 499, reason: 'client went away', address });
  }

  const headers = { ...stripHopByHopHeaders(request.headers), host: target.hostHeader, connection: 'close' };
  const destinationRequest = httpRequest({
    method: request.method,
    path: target.path,
    headers,
    createConnection: () => destination.socket,
  });
  destinationRequest.setTimeout(context.idleTimeoutMs, () =>
    destinationRequest.destroy(new Error('idle timeout')),
  );
  destinationRequest.on('error', (error) =>
    refuse(502, `Agent Workbench proxy: ${target.host} failed: ${error.message}`),
  );
  destinationRequest.on('response', (destinationResponse) => {
    response.writeHead(
      destinationResponse.statusCode ?? 502,
      destinationResponse.statusMessage,
      stripHopByHopHeaders(destinationResponse.headers),
    );
    destinationResponse.pipe(response);
    destinationResponse.on('error', () => response.destroy()); // destination cut mid-body: the client must see a short read
  });
  response.once('close', () => {
    destinationRequest.destroy();
    finish({
      outcome: 'allowed',
      status: response.statusCode,
      address,
      bytesSent: destination.socket.bytesWritten,
      bytesReceived: destination.socket.bytesRead,
    });
  });
  request.pipe(destinationRequest);
}
