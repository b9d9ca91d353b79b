import { createServer } from 'node:net';

/**
 * A port that was free a moment ago on 127.0.0.1. For spawning processes that need a port number up
 * front (the launcher refuses port 0); in-process servers should listen on 0 instead.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port assigned');
  return address.port;
}

/**
 * The first of `count` consecutive ports that were all free a moment ago (--runtimes N listens on
 * --runtime-port and the N-1 ports after it). The ports after a free one are often not: Linux hands
 * out the ones between to outgoing connections, and a test that made many of them leaves them in
 * TIME_WAIT, where a listener cannot take them.
 */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    if (first + count - 1 > 65_535) continue;
    let free = true;
    for (let port = first + 1; port < first + count && free; port++) free = await canListen(port);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
