import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  listenOnUnixSocket,
  MAX_UNIX_SOCKET_PATH_BYTES,
  type UnixSocketListener,
  UnixSocketError,
} from './listen-on-unix-socket';

let root: string;
let server: Server;
const listeners: UnixSocketListener[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-unix-socket-'));
  server = createServer((_request, response) => response.end('served'));
});

afterEach(async () => {
  for (const listener of listeners.splice(0)) listener.close();
  server.close();
  await rm(root, { recursive: true, force: true });
});

async function listen(path: string): Promise<UnixSocketListener> {
  const listener = await listenOnUnixSocket(server, path);
  listeners.push(listener);
  return listener;
}

function get(socketPath: string, agent: Agent | false = false): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ socketPath, path: '/', agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

describe('the runtime on a Unix socket', () => {
  it('serves the HTTP server there, the socket 0600 in a folder set to 0700', async () => {
    const folder = join(root, 'sockets');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const path = join(folder, 'runtime.sock');
    await listen(path);
    expect(await get(path)).toBe('served');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('removes a socket file a dead runtime left behind, and listens', async () => {
    const path = join(root, 'sockets', 'runtime.sock');
    mkdirSync(join(root, 'sockets'), { mode: 0o700 });
    // A process that binds the path and dies by SIGKILL, leaving the file with nobody behind it.
    const script = `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`;
    expect(() => execFileSync(process.execPath, ['-e', script])).toThrow();
    expect(statSync(path).isSocket()).toBe(true);
    await listen(path);
    expect(await get(path)).toBe('served');
  });

  it('refuses, and leaves alone, anything at the path that is not a socket', async () => {
    const path = join(root, 'sockets', 'runtime.sock');
    mkdirSync(join(root, 'sockets'), { mode: 0o700 });
    writeFileSync(path, 'a file of the person');
    await expect(listenOnUnixSocket(server, path)).rejects.toThrow(/is not a socket/);
    expect(readFileSync(path, 'utf8')).toBe('a file of the person');
  });

  it('refuses a socket folder that is a link to another folder', async () => {
    mkdirSync(join(root, 'elsewhere'), { mode: 0o755 });
    symlinkSync(join(root, 'elsewhere'), join(root, 'sockets'));
    await expect(listenOnUnixSocket(server, join(root, 'sockets', 'runtime.sock'))).rejects.toThrow(
      /must be a folder of this user's/,
    );
    expect(statSync(join(root, 'elsewhere')).mode & 0o777).toBe(0o755);
    expect(existsSync(join(root, 'elsewhere', 'runtime.sock'))).toBe(false);
  });

  it('refuses a path too long for a socket address, with UnixSocketError', async () => {
    const path = join(root, 'x'.repeat(MAX_UNIX_SOCKET_PATH_BYTES), 'runtime.sock');
    await expect(listenOnUnixSocket(server, path)).rejects.toBeInstanceOf(UnixSocketError);
  });

  it('stops accepting at once on shutdown, while a connection already made still gets its answers', async () => {
    const path = join(root, 'sockets', 'runtime.sock');
    const listener = await listen(path);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(path, agent)).toBe('served');
    listener.stopAccepting();
    expect(existsSync(path)).toBe(false);
    await expect(get(path)).rejects.toThrow(/ENOENT/);
    expect(await get(path, agent)).toBe('served');
    agent.destroy();
  });

  it('removes the socket file on close', async () => {
    const path = join(root, 'sockets', 'runtime.sock');
    const listener = await listenOnUnixSocket(server, path);
    listener.close();
    expect(existsSync(path)).toBe(false);
  });
});
