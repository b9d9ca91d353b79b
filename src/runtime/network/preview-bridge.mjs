// Runs in the network namespace of a conversation's sandbox (nsenter --net) with the host's node and the
// host's files: `node preview-bridge.mjs <socket-path>`. The runtime connects to the Unix socket, writes
// the port it wants and a newline, and reads `OK\n` followed by that port's bytes on the sandbox's
// loopback, or `NO <reason>\n` when nothing answers there. It reaches no other address and no other
// namespace. Plain JavaScript with no imports beyond node itself; it prints `ready` once it listens and
// exits when its stdin closes (the runtime ended or closed the preview).
import net from 'node:net';

const [socketPath] = process.argv.slice(2);
if (!socketPath) {
  process.stderr.write('usage: node preview-bridge.mjs <socket-path>\n');
  process.exit(2);
}
const MAX_REQUEST_BYTES = 8;
const CONNECT_TIMEOUT_MS = 5_000;

const server = net.createServer({ allowHalfOpen: true }, (client) => {
  let request = '';
  client.on('error', () => client.destroy());
  const onData = (chunk) => {
    request += chunk.toString('latin1');
    const newline = request.indexOf('\n');
    if (newline < 0) {
      if (request.length > MAX_REQUEST_BYTES) client.destroy();
      return;
    }
    client.off('data', onData);
    client.pause();
    const rest = Buffer.from(request.slice(newline + 1), 'latin1');
    const port = Number(request.slice(0, newline));
    if (!Number.isInteger(port) || port < 1 || port > 65535) return client.end('NO bad port\n');
    forward(client, port, rest);
  };
  client.on('data', onData);
});

function forward(client, port, early) {
  const destination = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  let connected = false;
  destination.setTimeout(CONNECT_TIMEOUT_MS, () => destination.destroy(new Error('timed out')));
  destination.on('error', (error) => {
    if (connected) return client.destroy();
    client.end(`NO ${error.code ?? error.message}\n`);
  });
  destination.once('connect', () => {
    connected = true;
    destination.setTimeout(0);
    client.write('OK\n');
    if (early.length > 0) destination.write(early);
    client.pipe(destination);
    destination.pipe(client);
    client.resume();
    client.on('close', () => destination.destroy());
    destination.on('close', () => client.destroy());
  });
}

server.on('error', (error) => {
  process.stderr.write(`preview-bridge: cannot listen on ${socketPath}: ${error.message}\n`);
  process.exit(1);
});
server.listen(socketPath, () => process.stdout.write('ready\n'));
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
