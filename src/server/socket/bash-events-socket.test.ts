import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ZodApp } from '../http/server-context';
import { createWorkspaceTestServer, type WorkspaceTestServer } from '../testing/create-workspace-test-server';
import { requireExecutable } from '../../runtime/sandbox/testing/require-executable';

const SESSION_KEY = 'bash-socket-session-key-0123456789abcdef';

let server: WorkspaceTestServer;
let app: ZodApp;
let base: string;

beforeAll(async () => {
  server = await createWorkspaceTestServer({
    prefix: 'awb-bash-socket-',
    sessionKey: SESSION_KEY,
    secrets: [{ name: 'session-key', value: SESSION_KEY }],
  });
  app = server.app;
  base = await server.listen();
});

afterAll(() => server.close());

interface Connection {
  socket: WebSocket;
  frames: Record<string, unknown>[];
  closed: Promise<number>;
  next(predicate: (frame: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

function connect(query = '', headers: Record<string, string> = {}): Promise<Connection> {
  const socket = new WebSocket(`ws://${base}/sockets/bash-events${query}`, { headers });
  const frames: Record<string, unknown>[] = [];
  const waiters: {
    predicate: (frame: Record<string, unknown>) => boolean;
    resolve: (frame: Record<string, unknown>) => void;
  }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Record<string, unknown>;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.on('open', () =>
      resolve({
        socket,
        frames,
        closed,
        next: (predicate) => {
          const found = frames.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise((resolveFrame) => waiters.push({ predicate, resolve: resolveFrame }));
        },
      }),
    );
    socket.on('error', reject);
  });
}

const post = (url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'x-session-api-key': SESSION_KEY },
    payload: payload as object,
  });

describe('/sockets/bash-events authentication', () => {
  it('a wrong key in the query closes 4001', async () => {
    const connection = await connect('?session_api_key=wrong');
    expect(await connection.closed).toBe(4001);
  });

  it('a wrong first frame closes 4001', async () => {
    const connection = await connect();
    connection.socket.send(JSON.stringify({ type: 'auth', session_api_key: 'wrong' }));
    expect(await connection.closed).toBe(4001);
  });
});

describe('/sockets/bash-events', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('streams new events to a socket keyed by query, header, cookie or first frame', async () => {
    const sockets = await Promise.all([
      connect(`?session_api_key=${SESSION_KEY}`),
      connect('', { 'X-Session-API-Key': SESSION_KEY }),
      connect('', { cookie: `awb_session=${SESSION_KEY}` }),
      connect(),
    ]);
    sockets[3]?.socket.send(JSON.stringify({ type: 'auth', session_api_key: SESSION_KEY }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const output = (await post('/api/bash/execute_bash_command', { command: 'echo streamed' })).json();
    for (const connection of sockets) {
      const frame = await connection.next((event) => event.id === output.id);
      expect(frame).toMatchObject({ kind: 'BashOutput', stdout: 'streamed\n', exit_code: 0 });
      expect(
        connection.frames.some((event) => event.kind === 'BashCommand' && event.id === output.command_id),
      ).toBe(true);
      connection.socket.close();
    }
  });

  it('resend_mode=all sends the kept events first; a command frame starts a command; a bad frame gets a BashError', async () => {
    const earlier = (await post('/api/bash/execute_bash_command', { command: 'echo earlier' })).json();
    const connection = await connect(`?session_api_key=${SESSION_KEY}&resend_mode=all`);
    await connection.next((event) => event.id === earlier.id);
    connection.socket.send(JSON.stringify({ command: `echo ${SESSION_KEY}-from-socket` }));
    const output = await connection.next(
      (event) => event.kind === 'BashOutput' && String(event.stdout).includes('from-socket'),
    );
    expect(output.stdout).toBe('‹secret:session-key›-from-socket\n');
    connection.socket.send('not json');
    expect(await connection.next((event) => event.kind === 'BashError')).toMatchObject({
      code: 'ValidationError',
    });
    connection.socket.send(JSON.stringify({ command: 'true', cwd: '/proc/nonexistent' }));
    expect(await connection.next((event) => event.code === 'invalid_path')).toMatchObject({
      kind: 'BashError',
    });
    connection.socket.close();
  });
});

describe('the official BashWebSocketClient, unmodified', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('receives a command and its output with the key in the query and resend_mode=all', async () => {
    // Node 20 has no global WebSocket and the client's ESM build cannot require('ws'): hand it ws the
    // way a browser would (window.WebSocket) before it loads.
    const holder = globalThis as { window?: unknown };
    holder.window = { WebSocket };
    const { BashWebSocketClient } = await import('@openhands/typescript-client');
    delete holder.window;
    const earlier = (await post('/api/bash/execute_bash_command', { command: 'echo before-connect' })).json();
    const received: { id: string; kind: string; stdout?: string }[] = [];
    const client = new BashWebSocketClient({
      host: `http://${base}`,
      apiKey: SESSION_KEY,
      resendMode: 'all',
      callback: (event: unknown) => received.push(event as { id: string; kind: string }),
    });
    client.start();
    for (let attempt = 0; attempt < 50 && !received.some((event) => event.id === earlier.id); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const later = (await post('/api/bash/execute_bash_command', { command: 'echo after-connect' })).json();
    for (let attempt = 0; attempt < 50 && !received.some((event) => event.id === later.id); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    client.stop();
    expect(received.find((event) => event.id === earlier.id)).toMatchObject({ stdout: 'before-connect\n' });
    expect(received.find((event) => event.id === later.id)).toMatchObject({ stdout: 'after-connect\n' });
  });
});
