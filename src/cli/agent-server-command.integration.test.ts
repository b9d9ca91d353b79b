import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestAgentServer, type TestAgentServer } from './testing/start-test-agent-server';

// `agent-workbench agent-server`: the runtime alone, as a drop-in for openhands-agent-server, with a
// front end on another origin allowed by --allow-origin.
const CANVAS_ORIGIN = 'http://127.0.0.1:3001';
let server: TestAgentServer;

beforeAll(async () => {
  server = await startTestAgentServer({ args: ['--allow-origin', CANVAS_ORIGIN] });
});
afterAll(() => server?.cleanup());

function socketStatus(origin: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/sockets/events/${crypto.randomUUID()}`,
      {
        headers: { 'X-Session-API-Key': server.sessionKey, origin },
      },
    );
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('upgrade', () => {
      resolve(101);
      socket.terminate();
    });
    socket.once('error', () => resolve(0));
  });
}

describe('agent-workbench agent-server', () => {
  it("serves the runtime on --port with upstream's OH_SESSION_API_KEYS_0 as its key", async () => {
    expect((await fetch(`${server.url}/server_info`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/conversations/search`)).status).toBe(401);
    const withKey = await fetch(`${server.url}/api/conversations/search`, {
      headers: { 'X-Session-API-Key': server.sessionKey },
    });
    expect(withKey.status).toBe(200);
  });

  it('lets the --allow-origin front end preflight, post and open sockets, and nobody else', async () => {
    const preflight = await fetch(`${server.url}/api/settings`, {
      method: 'OPTIONS',
      headers: { origin: CANVAS_ORIGIN, 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(CANVAS_ORIGIN);
    const post = (origin: string) =>
      fetch(`${server.url}/api/conversations`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'X-Session-API-Key': server.sessionKey },
        body: '{}',
      });
    expect((await post(CANVAS_ORIGIN)).status).not.toBe(403);
    for (const origin of ['http://127.0.0.1:3002', 'https://127.0.0.1:3001', 'http://evil.test']) {
      const refused = await post(origin);
      expect(refused.status, origin).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'forbidden_origin' });
      expect(await socketStatus(origin), origin).toBe(403);
    }
    expect(await socketStatus(CANVAS_ORIGIN)).not.toBe(403);
  });
});
