// Runs inside the agent's sandbox with the host's node: `node sandbox-bridge.mjs <socket-path> [port]`.
// The sandbox has its own network namespace (only `lo`), so a TCP proxy address is the one thing every
// package manager understands; this turns 127.0.0.1:<port> inside the namespace into connections to the
// runtime's egress proxy on a Unix socket bound into the sandbox. Plain JavaScript with no imports
// beyond node itself: there is no tsx and no node_modules in the sandbox.
// It stays quiet and never exits on a connection error; it dies with the sandbox's PID namespace.
import net from 'node:net';

const [socketPath, portArgument = '3128'] = process.argv.slice(2);
const port = Number(portArgument);
if (!socketPath || !Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write('usage: node sandbox-bridge.mjs <socket-path> [port]\n');
  process.exit(2);
}

const PROXY_DOWN_TEXT =
  'Agent Workbench: the network proxy is not reachable (network access may be switched off)\n';
const PROXY_DOWN = [
  'HTTP/1.1 502 Agent Workbench network proxy is not reachable',
  'Content-Type: text/plain; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(PROXY_DOWN_TEXT)}`,
  'Connection: close',
  '',
  PROXY_DOWN_TEXT,
].join('\r\n');

const server = net.createServer({ allowHalfOpen: true }, (client) => {
  const nextHop = net.connect({ path: socketPath, allowHalfOpen: true });
  let nextHopConnected = false;
  // One side failing or closing ends the pair; a reset on either side is routine, not a crash.
  const closeBoth = () => {
    client.destroy();
    nextHop.destroy();
  };
  client.on('error', closeBoth);
  client.on('close', closeBoth);
  nextHop.on('close', () => {
    if (nextHopConnected) closeBoth();
  });
  nextHop.on('error', () => {
    if (nextHopConnected) return closeBoth();
    // Proxy gone (runtime restarting, network switched off): say so in HTTP, which every client prints.
    nextHop.destroy();
    client.end(PROXY_DOWN);
  });
  nextHop.once('connect', () => {
    nextHopConnected = true;
    // pipe() forwards end-of-stream, so a client that half-closes still reads the whole answer.
    // Bytes the client sent before this moment wait in its (paused) stream.
    client.pipe(nextHop);
    nextHop.pipe(client);
  });
});

server.on('error', (error) => {
  // Only listening can fail here (port taken): say so once, there is nothing to bridge.
  process.stderr.write(`sandbox-bridge: cannot listen on 127.0.0.1:${port}: ${error.message}\n`);
  process.exit(1);
});
server.listen(port, '127.0.0.1');
