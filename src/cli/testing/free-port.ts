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
