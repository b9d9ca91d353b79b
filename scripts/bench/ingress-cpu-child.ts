import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIngress } from '../../src/cli/start-ingress';

/**
 * The processes of ingress-cpu.bench.ts, forked with a role: `backend` (a server answering a small
 * JSON body at once, on a port and a Unix socket), `ingress <backend port>` (our ingress in front of
 * it), `ingress-unix <backend port>` (the same, reaching it on its Unix socket) or `bare <backend port>`
 * (the least a Node proxy can do: http.request on a kept-alive pool, the answer piped back). Each
 * sends its port once listening, then answers every message with its CPU time so far in ms.
 */
const [role, backendPort] = process.argv.slice(2);
/** The backend also listens on this socket, where `ingress-unix` reaches it (as the launcher reaches its runtime). */
const socketOf = (port: number | string) => join(tmpdir(), `bench-ingress-cpu-${port}.sock`);
const port = await listen();
process.send?.(port);
process.on('message', () => {
  const usage = process.cpuUsage();
  process.send?.((usage.user + usage.system) / 1000);
});

async function listen(): Promise<number> {
  if (role === 'ingress' || role === 'ingress-unix') {
    const result = await startIngress({
      ...(role === 'ingress-unix' ? { runtimeSocketPath: socketOf(backendPort ?? '') } : {}),
      host: '127.0.0.1',
      port: 0,
      public: false,
      runtimeUrl: `http://127.0.0.1:${backendPort}`,
      staticDir: mkdtempSync(join(tmpdir(), 'bench-ingress-cpu-')),
      sessionKey: 'k'.repeat(64),
      loginToken: undefined,
    });
    if (!result.ok) throw new Error(`the ingress did not start: ${result.code}`);
    return result.ingress.port;
  }
  const agent = new Agent({ keepAlive: true });
  const server = createServer((request, response) => {
    if (role === 'backend') {
      response.setHeader('Content-Type', 'application/json');
      return void response.end('{"title":"bench","version":"1"}');
    }
    const options = { agent, host: '127.0.0.1', port: Number(backendPort), method: request.method };
    const headers = { ...request.headers, connection: 'keep-alive' };
    const outgoing = httpRequest({ ...options, path: request.url, headers });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    outgoing.end();
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (role === 'backend') {
    rmSync(socketOf(port), { force: true });
    const unix = createNetServer((socket) => server.emit('connection', socket));
    await new Promise<void>((resolve) => unix.listen(socketOf(port), resolve));
    // Killed by the bench: the socket file goes with SIGTERM.
    process.once('SIGTERM', () => unix.close(() => process.exit(0)));
  }
  return port;
}
