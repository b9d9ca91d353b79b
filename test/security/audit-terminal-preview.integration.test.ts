import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/client/session-cookie';
import { requireExecutable } from '../../src/runtime/sandbox/testing/require-executable';
import { type AuditedWorkbench, startAuditedWorkbench, terminalTurn } from './audited-workbench';

// The person's terminal and the app preview through the real launcher, the mock model and real
// bubblewrap: what a person types stays in the sandbox, and a previewed app (the agent's, so hostile)
// is served from an origin that has neither the workbench's cookie nor its API.

let workbench: AuditedWorkbench;
beforeAll(async () => {
  requireExecutable('bwrap', 'bubblewrap');
  requireExecutable('python3', 'python3');
  workbench = await startAuditedWorkbench();
}, 60_000);
afterAll(async () => {
  await workbench?.close();
});

interface Terminal {
  socket: WebSocket;
  screen(): string;
  type(data: string): void;
  closed: Promise<number>;
}

/** The person's terminal through the ingress, as the page opens it (its Origin, its cookie). */
function openTerminal(id: string, headers: Record<string, string> = {}): Promise<Terminal> {
  const socket = new WebSocket(`${workbench.origin.replace(/^http/, 'ws')}/sockets/terminal/${id}`, {
    headers: {
      Origin: workbench.origin,
      Cookie: `${SESSION_COOKIE}=${encodeURIComponent(workbench.sessionKey)}`,
      ...headers,
    },
  });
  let text = '';
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; data?: string };
    if (frame.type === 'output') text += frame.data ?? '';
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.on('open', () =>
      resolve({
        socket,
        screen: () => text,
        type: (data) => socket.send(JSON.stringify({ type: 'input', data })),
        closed,
      }),
    );
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.on('error', reject);
  });
}

async function until<T>(read: () => T | Promise<T>, fits: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (fits(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function newConversation(): Promise<string> {
  const created = await workbench.api.json('POST', '/api/conversations', {
    workspace: { working_dir: workbench.workspace },
  });
  return String(created.id);
}

/** GET on the preview origin, as a browser at that URL would send it. */
function previewGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(target.port),
        path: target.pathname,
        headers: { Host: target.host, ...headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += String(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe("the person's terminal", () => {
  it('runs what is typed in the sandbox: the data dir, the session key and credentials stay hidden', async () => {
    const id = await newConversation();
    const terminal = await openTerminal(id);
    terminal.type(
      `cat ${workbench.dataDir}/session-key; cat ~/.ssh/id_ed25519; ls ${workbench.dataDir} | wc -l; echo done-$((6*7))\r`,
    );
    await until(terminal.screen, (text) => text.includes('done-42'));
    expect(terminal.screen()).not.toContain(workbench.sessionKey);
    expect(terminal.screen()).not.toContain('PRIVATE-SSH-KEY-MATERIAL');
    const events = await until(
      async () =>
        (await workbench.api.json('GET', `/api/conversations/${id}/events/search?limit=100`)).items as Array<
          Record<string, unknown>
        >,
      (items) => items.some((event) => event.kind === 'TerminalCommandEvent'),
    );
    expect(events.find((event) => event.kind === 'TerminalCommandEvent')).toMatchObject({ source: 'user' });
    terminal.socket.close();
  });

  it('refuses the socket from another origin, without the key, and for a conversation that does not exist', async () => {
    const id = await newConversation();
    await expect(openTerminal(id, { Origin: 'http://p8000-0123.localhost:1' })).rejects.toThrow(/HTTP 403/);
    const keyless = await openTerminal(id, { Cookie: '' }).catch((error: Error) => error);
    if (keyless instanceof Error) expect(keyless.message).toMatch(/HTTP 401/);
    else expect(await keyless.closed).toBe(4001);
    const unknown = await openTerminal('00000000-0000-4000-8000-00000000dead');
    expect(await unknown.closed).toBe(4004);
  });
});

describe('the app preview', () => {
  it("serves the agent's server from the preview origin, says so at once for a port nothing listens on, and keeps the workbench's cookie and API out of reach", async () => {
    const id = await newConversation();
    // A person with the page open holds the conversation (and its sandbox) as the page's sockets do.
    const terminal = await openTerminal(id);
    workbench.mockLlm.setScript({
      turns: [
        terminalTurn(
          // A version manager's shim on PATH cannot work with the sandbox's empty home: the system's python.
          "echo '<h1>hello-preview</h1>' > index.html; (/usr/bin/python3 -m http.server 8765 --bind 127.0.0.1 >/dev/null 2>&1 &); " +
            `(node -e "require('http').createServer((q,s)=>s.end(JSON.stringify(q.headers))).listen(8767,'127.0.0.1')" >/dev/null 2>&1 &); sleep 1`,
        ),
        { tool_calls: [{ name: 'finish', arguments: { message: 'served' } }] },
      ],
      fallback: { text: 'Done.' },
    });
    await workbench.api.json('POST', `/api/conversations/${id}/events`, {
      role: 'user',
      content: [{ type: 'text', text: 'serve the folder' }],
      run: true,
    });
    const preview = await until(
      () => workbench.api.json('GET', `/api/conversations/${id}/preview`),
      (answer) =>
        ((answer.ports as Array<{ port: number }>) ?? []).filter((entry) => entry.port >= 8765).length >= 2,
    );
    expect(preview.available).toBe(true);
    const ports = preview.ports as Array<{ port: number; url: string }>;
    const site = ports.find((entry) => entry.port === 8765)?.url as string;
    expect(new URL(site).hostname).toMatch(/^p8765-[0-9a-f]{32}\.localhost$/);
    expect(new URL(site).port).not.toBe(String(workbench.port));

    const page = await previewGet(`${site}index.html`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('hello-preview');

    const nothing = await previewGet(site.replace('p8765-', 'p8766-'));
    expect(nothing.status).toBe(502);
    expect(nothing.body).toContain('Nothing listens on port 8766');

    // The app never receives the workbench's cookie, even if a browser sent one of that name.
    const echo = ports.find((entry) => entry.port === 8767)?.url as string;
    const seen = await previewGet(echo, {
      Cookie: `${SESSION_COOKIE}=${encodeURIComponent(workbench.sessionKey)}; theirs=1`,
    });
    expect(seen.body).not.toContain(workbench.sessionKey);
    expect(JSON.parse(seen.body)).toMatchObject({ cookie: 'theirs=1', host: 'localhost:8767' });

    // A page on the preview origin calling the workbench's API is refused by the Origin check.
    const fromPreview = await fetch(`${workbench.origin}/api/conversations`, {
      headers: {
        Origin: new URL(site).origin,
        Cookie: `${SESSION_COOKIE}=${encodeURIComponent(workbench.sessionKey)}`,
      },
    });
    expect(fromPreview.status).toBe(403);
    expect(fromPreview.headers.get('access-control-allow-origin')).toBeNull();

    // A guessed address names no preview.
    const guessed = await previewGet(`http://p8765-${'0'.repeat(32)}.localhost:${new URL(site).port}/`);
    expect(guessed.status).toBe(404);
    terminal.socket.close();
  }, 60_000);
});
