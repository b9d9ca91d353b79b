import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Ingress } from './start-ingress';
import { rawRequest } from './testing/raw-request';
import { startTestIngress } from './testing/start-test-ingress';

/**
 * The ingress in front of several runtimes, each a small real HTTP server that plays the lease part
 * of a runtime: it answers who holds a conversation (taking it when nobody does), serves the
 * conversations it holds and answers 421 for the others. The real runtimes are tested through the
 * launcher (launcher-runtimes.integration.test.ts); here the ingress's half is pinned down exactly.
 */
interface LeasedRuntime {
  url: string;
  /** "METHOD path" of every conversation request it received (not the owner questions). */
  seen: string[];
  close(): Promise<void>;
}

const SESSION_KEY = 'k'.repeat(64);
const ID = '0b4cd3f2-52f4-4bd6-9a8e-3c1f6d1e2a77';
let staticDir: string;
let tempDir: string;
const toClose: { close(): Promise<void> }[] = [];

/** Who holds each conversation, shared by the fake runtimes as the database's lease table is. */
const leases = new Map<string, string>();

async function startLeasedRuntime(): Promise<LeasedRuntime> {
  const seen: string[] = [];
  let url = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const owner = /^\/api\/internal\/conversations\/([^/]+)\/owner$/.exec(path);
      if (owner) {
        const id = owner[1] as string;
        if (!leases.has(id)) leases.set(id, url);
        return json(200, { owner_url: leases.get(id) });
      }
      seen.push(`${request.method} ${path}`);
      const conversation = /^\/api\/conversations\/([^/?]+)/.exec(path);
      if (conversation && leases.get(conversation[1] as string) !== url)
        return json(421, { detail: 'served by another runtime', code: 'conversation_elsewhere' });
      if (path.endsWith('/crash')) return void request.socket.destroy();
      if (path.endsWith('/lost-midway'))
        return json(421, { detail: 'lost the lease while appending', code: 'not_owner' });
      if (path.endsWith('/stream')) {
        response.writeHead(201, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] });
        response.write('first,');
        setTimeout(() => response.end('second'), 50);
        return;
      }
      json(200, {
        served_by: url,
        body: Buffer.concat(chunks).toString('utf8'),
        length: request.headers['content-length'] ?? null,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function setUp(count: number) {
  const runtimes = await Promise.all(Array.from({ length: count }, () => startLeasedRuntime()));
  toClose.push(...runtimes);
  const ingress: Ingress = await startTestIngress({
    runtimeUrl: runtimes[0]?.url as string,
    runtimeUrls: runtimes.map((runtime) => runtime.url),
    staticDir,
    sessionKey: SESSION_KEY,
  });
  toClose.push(ingress);
  const base = `http://127.0.0.1:${ingress.port}`;
  return { runtimes, base };
}

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'ingress-runtimes-'));
  staticDir = tempDir;
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
});

afterEach(async () => {
  await Promise.all(toClose.splice(0).map((each) => each.close()));
  leases.clear();
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

const message = JSON.stringify({ role: 'user', content: [{ type: 'text', text: 'go on' }] });

/** A POST with node:http, not fetch: fetch itself sends a request again after a 421. */
async function post(base: string, path: string, body = message) {
  const answer = await rawRequest(Number(new URL(base).port), {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
}

describe('the ingress in front of several runtimes', () => {
  it('sends a request whose runtime is gone to the runtime that took the conversation, body intact', async () => {
    const { runtimes, base } = await setUp(3);
    const first = await post(base, `/api/conversations/${ID}/events`);
    expect(first.status).toBe(200);
    const holder = runtimes.find((runtime) => runtime.url === first.body.served_by) as LeasedRuntime;
    const heir = runtimes.find((runtime) => runtime !== holder) as LeasedRuntime;
    await holder.close(); // killed: its port refuses connections
    leases.set(ID, heir.url); // another runtime took the lease

    const again = await post(base, `/api/conversations/${ID}/events`);
    expect(again).toEqual({
      status: 200,
      body: { served_by: heir.url, body: message, length: String(Buffer.byteLength(message)) },
    });
  });

  it('does not pass on a 421 from a runtime that lost the conversation: asks again and sends it there', async () => {
    const { runtimes, base } = await setUp(2);
    const first = await post(base, `/api/conversations/${ID}/events`);
    const holder = runtimes.find((runtime) => runtime.url === first.body.served_by) as LeasedRuntime;
    const heir = runtimes.find((runtime) => runtime !== holder) as LeasedRuntime;
    leases.set(ID, heir.url); // the holder is up but no longer holds it

    const again = await post(base, `/api/conversations/${ID}/events`);
    expect(again.status).toBe(200);
    expect(again.body.served_by).toBe(heir.url);
    expect(again.body.body).toBe(message);
    expect(holder.seen).toEqual([
      `POST /api/conversations/${ID}/events`,
      `POST /api/conversations/${ID}/events`,
    ]);
    expect(heir.seen).toEqual([`POST /api/conversations/${ID}/events`]);
  });

  it('sends a request once more at most: a conversation nobody will serve gets the second 421', async () => {
    const { runtimes, base } = await setUp(2);
    leases.set(ID, 'http://127.0.0.1:9'); // held by a runtime this ingress does not know
    const answer = await post(base, `/api/conversations/${ID}/events`);
    expect(answer.status).toBe(421);
    expect(answer.body.code).toBe('conversation_elsewhere');
    const tries = runtimes.flatMap((runtime) => runtime.seen);
    expect(tries).toHaveLength(2);
  });

  it('does not send again a request whose connection broke after it was made: the runtime may have acted', async () => {
    const { runtimes, base } = await setUp(2);
    leases.set(ID, runtimes[0]?.url as string);
    const response = await fetch(`${base}/api/conversations/${ID}/crash`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(502);
    expect(runtimes.flatMap((runtime) => runtime.seen)).toEqual([`POST /api/conversations/${ID}/crash`]);
  });

  it('passes on a 421 from a runtime that lost the lease midway: the request may have done part of its work', async () => {
    const { runtimes, base } = await setUp(2);
    leases.set(ID, runtimes[0]?.url as string);
    const answer = await post(base, `/api/conversations/${ID}/lost-midway`);
    expect(answer).toEqual({
      status: 421,
      body: { detail: 'lost the lease while appending', code: 'not_owner' },
    });
    expect(runtimes.flatMap((runtime) => runtime.seen)).toEqual([
      `POST /api/conversations/${ID}/lost-midway`,
    ]);
    // …and the router asks again next time: the runtime it knew no longer holds the conversation.
    leases.set(ID, runtimes[1]?.url as string);
    expect((await post(base, `/api/conversations/${ID}/events`)).body.served_by).toBe(runtimes[1]?.url);
  });

  it('passes the status, headers and a streamed body of an answer through as the runtime sent them', async () => {
    const { runtimes, base } = await setUp(2);
    leases.set(ID, runtimes[1]?.url as string);
    const response = await fetch(`${base}/api/conversations/${ID}/stream`);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe('first,second');
  });

  it('sends a new conversation to a runtime that is up when its turn falls on one that is gone', async () => {
    const { runtimes, base } = await setUp(2);
    await runtimes[1]?.close();
    for (let round = 0; round < 3; round += 1) {
      const created = await post(base, '/api/conversations');
      expect(created.status).toBe(200);
      expect(created.body.served_by).toBe(runtimes[0]?.url);
    }
  });

  it('answers 413 to a body over the limit without sending it anywhere', async () => {
    const { runtimes, base } = await setUp(2);
    leases.set(ID, runtimes[0]?.url as string);
    const response = await fetch(`${base}/api/conversations/${ID}`, {
      method: 'PATCH',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(1024 * 1024 + 1));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(runtimes.flatMap((runtime) => runtime.seen)).toEqual([]);
  });
});
