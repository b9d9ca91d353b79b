import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HANDED_CONNECTION, type HandedConnectionMessage } from '../client/handed-connection';
import { type RuntimeProcess, spawnRuntime } from './spawn-runtime';

const quiet = { log: () => {}, error: () => {} };
const message: HandedConnectionMessage = {
  kind: HANDED_CONNECTION,
  unread: '',
  hosts: [],
  allowOrigins: [],
  ingressSocketPath: '/nowhere',
};
let child: RuntimeProcess | undefined;
afterEach(async () => {
  await child?.stop(100);
});

/** A process that says it listens, then holds its event loop: it never acknowledges a handle. */
function spawnStuckChild(): RuntimeProcess {
  const script =
    "process.stdout.write('Agent Workbench runtime listening on http://127.0.0.1:1\\n', () => { for (;;) {} });";
  return spawnRuntime(
    { command: process.execPath, args: ['-e', script], cwd: process.cwd(), env: {} },
    quiet,
  );
}

/** A process that answers on each socket it is handed and keeps it open, as the runtime keeps a browser's. */
function spawnAnsweringChild(): RuntimeProcess {
  const script =
    "process.on('message', (message, socket) => socket.write('from the child'));" +
    "process.stdout.write('Agent Workbench runtime listening on http://127.0.0.1:1\\n');";
  return spawnRuntime(
    { command: process.execPath, args: ['-e', script], cwd: process.cwd(), env: {} },
    quiet,
  );
}

/** `count` accepted server ends with the client ends that made them; the listener stays open unless `close`. */
async function connectionPairs(
  count: number,
  listener = createServer(),
): Promise<Array<{ server: Socket; client: Socket }>> {
  const accepted: Socket[] = [];
  const server = listener.on('connection', (socket: Socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const clients: Socket[] = [];
  for (let index = 0; index < count; index++) {
    const client = connect({ port, host: '127.0.0.1' });
    await new Promise((resolve) => client.once('connect', resolve));
    clients.push(client);
  }
  while (accepted.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  return clients.map((client, index) => ({ client, server: accepted[index] as Socket }));
}

describe('handing sockets to a runtime process', () => {
  it('gives back every socket still waiting to be sent when the process dies, so no browser waits forever', async () => {
    child = spawnStuckChild();
    await child.listening;
    const listener = createServer();
    const pairs = await connectionPairs(3, listener);
    listener.close();
    const givenBack: number[] = [];
    pairs.forEach(({ server }, index) => {
      expect(child?.take(server, message, () => givenBack.push(index))).toBe(true);
    });
    // One handle is sent and waits for an acknowledgement that never comes; the others wait behind it.
    await child.stop(100);
    expect(givenBack).toEqual([1, 2]);
    for (const index of givenBack) expect(pairs[index]?.server.destroyed).toBe(false);
    expect(child.take(pairs[0]?.server as Socket, message, () => {})).toBe(false);
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
  });

  it("leaves the handed socket the child's: the browser hears the child, and the launcher's port still closes after it", async () => {
    child = spawnAnsweringChild();
    await child.listening;
    const listener = createServer();
    const pairs = await connectionPairs(2, listener);
    const heard = pairs.map(
      ({ client }) =>
        new Promise<string>((resolve) => client.once('data', (chunk) => resolve(String(chunk)))),
    );
    for (const { server } of pairs) expect(child.take(server, message, () => {})).toBe(true);
    expect(await Promise.all(heard)).toEqual(['from the child', 'from the child']);
    await child.stop(100);
    // Node counts a handed socket as its server's in the child unless told otherwise: then this close
    // would wait for the child to say it closed them, which a dead child never does (and the
    // launcher's shutdown waits for this close).
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
});
