import { createServer } from 'node:net';

/**
 * A port the OS calls free on `host` right now (it picks one, we let it go). Another process could
 * take it before the caller binds it; the caller then fails to start with the port named.
 */
export function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
