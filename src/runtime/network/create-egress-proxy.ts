import { promises as dns } from 'node:dns';
import { chmod, lstat, unlink } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect as netConnect, type Socket } from 'node:net';
import { answerSocketWithReason } from './answer-with-reason';
import type { EgressPolicy } from './decide-egress';
import type { ConnectDestination, EgressProxyOptions, ResolveHost } from './egress-proxy-options';
import { forwardRequest } from './forward-request';
import { handleConnect } from './handle-connect';
import { matchesAllowlist } from './matches-allowlist';
import type { ProxyContext } from './proxy-context';

export interface EgressProxy {
  socketPath: string;
  /** Stops listening, cuts every open tunnel and request, removes the socket file. Idempotent. */
  close(): Promise<void>;
}

const defaultResolve: ResolveHost = async (host) => {
  const answers = await dns.lookup(host, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

const defaultConnect: ConnectDestination = ({ address, family, port }) =>
  netConnect({ host: address, family, port, allowHalfOpen: true });

/**
 * The sandbox's only way out: an HTTP proxy on a Unix socket that tunnels `CONNECT host:port` and
 * forwards absolute-form `http://` requests, only to allowlisted hosts on allowed ports whose every
 * DNS answer is public, connecting to the address it checked. Resolves once listening (socket file
 * 0600). Throws when neither `allowDomain` nor `allowlist` is given or `socketPath` is taken by a
 * file that is not a socket (bugs in the caller); a stale socket from a crashed runtime is replaced.
 */
export async function createEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const context = buildContext(options);
  await removeStaleSocket(options.socketPath);
  const clients = new Set<Socket>();
  const server = createServer();
  server.on('connection', (socket: Socket) => {
    clients.add(socket);
    socket.once('close', () => clients.delete(socket));
  });
  server.on('request', (request, response) => void forwardRequest(request, response, context));
  server.on(
    'connect',
    (request, socket: Socket, head: Buffer) => void handleConnect(request, socket, head, context),
  );
  server.on('upgrade', (_request, socket: Socket) => {
    socket.on('error', () => socket.destroy()); // the client may already be gone; nothing to report
    answerSocketWithReason(
      socket,
      501,
      'Agent Workbench proxy: plain-HTTP upgrades are not supported, use https',
    );
  });
  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) answerSocketWithReason(socket, 400, 'Agent Workbench proxy: malformed request');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Between listen and chmod the file has the umask's mode; the 0700 directory is what closes that gap.
  await chmod(options.socketPath, 0o600);

  let closing: Promise<void> | undefined;
  return {
    socketPath: options.socketPath,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of clients) socket.destroy();
      }).then(() => removeStaleSocket(options.socketPath));
      return closing;
    },
  };
}

function buildContext(options: EgressProxyOptions): ProxyContext {
  const { allowDomain, allowlist } = options;
  if (allowDomain === undefined && allowlist === undefined) {
    throw new Error('createEgressProxy needs allowDomain or allowlist');
  }
  const policy: EgressPolicy = {
    allowDomain: allowDomain ?? ((host) => matchesAllowlist(host, allowlist ?? [])),
    ...(options.refuseAll === undefined ? {} : { refuseAll: options.refuseAll }),
    allowedPorts: options.allowedPorts ?? [80, 443],
    resolve: options.resolve ?? defaultResolve,
    allowAddress: options.allowAddress ?? (() => false),
  };
  const maxConnections = options.maxConnections ?? 64;
  let open = 0;
  return {
    policy,
    connect: options.connect ?? defaultConnect,
    log: options.log ?? (() => {}),
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 120_000,
    tryAcquire: () => {
      if (open >= maxConnections) return false;
      open += 1;
      return true;
    },
    release: () => {
      open -= 1;
    },
  };
}

async function removeStaleSocket(socketPath: string): Promise<void> {
  try {
    const stats = await lstat(socketPath);
    if (!stats.isSocket()) throw new Error(`${socketPath} exists and is not a socket`);
    await unlink(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
