import { createServer } from 'node:net';

/** undefined when host:port can be bound right now, else the error code (EADDRINUSE, EACCES, …). */
export function checkPortFree(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen(port, host, () => server.close(() => resolve(undefined)));
  });
}
