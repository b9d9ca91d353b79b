import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../client/session-cookie';
import { allEvents, createConversation } from '../testing/api-helpers';
import {
  createTestServer,
  TEST_INGRESS_ORIGIN,
  TEST_SESSION_KEY,
  type TestServer,
} from '../testing/create-test-server';
import { type WatchedSocket, watchTestSocket } from '../testing/watch-test-socket';
import type { TerminalServerFrame } from './terminal-frames';

/**
 * The person's terminal socket: authenticated exactly as the session socket (the key on the upgrade,
 * the workbench's Origin), bound to the one conversation its path names, and resumable at an offset.
 * These servers run toolsets with the sandbox off; the launcher's tests run it in bubblewrap.
 */

let server: TestServer | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await server?.close();
  server = undefined;
});

type Watched = WatchedSocket<TerminalServerFrame> & { socket: WebSocket };

async function start() {
  server = await createTestServer();
  const baseUrl = await server.listen();
  const info = await createConversation(server);
  return { baseUrl, id: info.id };
}

function openTerminal(
  baseUrl: string,
  id: string,
  options: { key?: string | null; origin?: string; query?: string } = {},
): Watched {
  const headers: Record<string, string> = { Origin: options.origin ?? TEST_INGRESS_ORIGIN };
  if (options.key !== null)
    headers.Cookie = `${SESSION_COOKIE}=${encodeURIComponent(options.key ?? TEST_SESSION_KEY)}`;
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/sockets/terminal/${id}${options.query ?? ''}`,
    {
      headers,
    },
  );
  socket.on('error', () => undefined);
  sockets.push(socket);
  return { socket, ...watchTestSocket<TerminalServerFrame>(socket) };
}

/** Types once the socket is attached (its first frame, the kept output, came). */
async function type(socket: Watched, data: string): Promise<void> {
  await socket.waitFor((frame) => frame.type === 'output');
  socket.socket.send(JSON.stringify({ type: 'input', data }));
}

/** Output frames' text joined. */
function screen(socket: Watched): string {
  return socket.frames.flatMap((frame) => (frame.type === 'output' ? [frame.data] : [])).join('');
}

/** Waits (the test's timeout bounds it) until the output shows `text`. */
async function untilScreenShows(socket: Watched, text: string): Promise<void> {
  while (!screen(socket).includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The offset just past the last output frame received. */
function endOffset(socket: Watched): number {
  const outputs = socket.frames.filter((frame) => frame.type === 'output');
  const last = outputs[outputs.length - 1];
  return last === undefined || last.type !== 'output' ? 0 : last.offset + last.data.length;
}

describe('the terminal socket', () => {
  it('closes 4001 without the key and with a wrong key, before any output', async () => {
    const { baseUrl, id } = await start();
    const none = openTerminal(baseUrl, id, { key: null });
    const wrong = openTerminal(baseUrl, id, { key: 'not-the-key' });
    expect((await none.closed).code).toBe(4001);
    expect((await wrong.closed).code).toBe(4001);
    expect([...none.frames, ...wrong.frames]).toEqual([]);
  });

  it('refuses an upgrade from another Origin with 403, even with the right key', async () => {
    const { baseUrl, id } = await start();
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/sockets/terminal/${id}`, {
      headers: { Origin: 'http://p8000-0123.localhost:18001', 'X-Session-API-Key': TEST_SESSION_KEY },
    });
    sockets.push(socket);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.on('open', () => resolve(101));
      socket.on('error', () => resolve(undefined));
    });
    expect(status).toBe(403);
  });

  it("refuses another conversation's id: an unknown one and a non-UUID close 4004", async () => {
    const { baseUrl } = await start();
    const unknown = openTerminal(baseUrl, '00000000-0000-4000-8000-00000000dead');
    const notAnId = openTerminal(baseUrl, '..%2F..%2Fetc');
    expect((await unknown.closed).code).toBe(4004);
    expect((await notAnId.closed).code).toBe(4004);
  });

  it('each conversation has its own terminal: what is typed in one never shows in another', async () => {
    const { baseUrl, id } = await start();
    const other = (await createConversation(server as TestServer)).id;
    const first = openTerminal(baseUrl, id);
    const second = openTerminal(baseUrl, other);
    await first.waitFor((frame) => frame.type === 'output');
    await second.waitFor((frame) => frame.type === 'output');
    await type(first, 'echo only-in-$((40+2))-first\r');
    await untilScreenShows(first, 'only-in-42-first');
    await type(second, 'echo second-$((1+1))\r');
    await untilScreenShows(second, 'second-2');
    expect(screen(second)).not.toContain('only-in');
  });

  it('a socket that reconnects with its offset reads exactly what it missed', async () => {
    const { baseUrl, id } = await start();
    const first = openTerminal(baseUrl, id);
    await type(first, 'echo before-$((1+1))\r');
    await untilScreenShows(first, 'before-2');
    const offset = endOffset(first);
    first.socket.close();
    await first.closed;
    const meanwhile = openTerminal(baseUrl, id, { query: `?offset=${offset}` });
    await type(meanwhile, 'echo missed-$((3+4))\r');
    await untilScreenShows(meanwhile, 'missed-7');
    meanwhile.socket.close();
    await meanwhile.closed;
    const back = openTerminal(baseUrl, id, { query: `?offset=${offset}` });
    const replay = await back.waitFor((frame) => frame.type === 'output');
    expect(replay).toMatchObject({ type: 'output', offset });
    const text = replay.type === 'output' ? replay.data : '';
    expect(text).toContain('missed-7');
    expect(text).not.toContain('before-2');
  });

  it('records what the person ran as a TerminalCommandEvent from the user, outside the model view', async () => {
    const { baseUrl, id } = await start();
    const socket = openTerminal(baseUrl, id);
    await type(socket, 'echo recorded-$((2*3))\r');
    await untilScreenShows(socket, 'recorded-6');
    let recorded: unknown[] = [];
    while (recorded.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      recorded = (await allEvents(server as TestServer, id)).filter(
        (event) => event.kind === 'TerminalCommandEvent',
      );
    }
    expect(recorded).toEqual([
      expect.objectContaining({ source: 'user', command: 'echo recorded-$((2*3))', exit_code: 0 }),
    ]);
  });

  it('closes 4422 for an offset that is not a number, and 1008 for a frame that is not input or resize', async () => {
    const { baseUrl, id } = await start();
    const badOffset = openTerminal(baseUrl, id, { query: '?offset=-1' });
    expect((await badOffset.closed).code).toBe(4422);
    const socket = openTerminal(baseUrl, id);
    await socket.waitFor((frame) => frame.type === 'output');
    socket.socket.send(JSON.stringify({ type: 'input', data: 'x', extra: true }));
    expect((await socket.closed).code).toBe(1008);
  });
});
