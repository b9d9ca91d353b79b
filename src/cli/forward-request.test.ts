import { mkdtemp, rm } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  request as httpRequest,
  type Server,
  type ServerResponse,
} from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, forwardRequest } from './forward-request';
import type { Ingress } from './start-ingress';
import { rawRequest } from './testing/raw-request';
import { startTestIngress } from './testing/start-test-ingress';

/**
 * The ingress's REST path against a backend that shows what it received. The ingress decides on the
 * path it sees (which backend, which body limit, which conversation): the backend must act on that
 * same path, byte for byte.
 */
let staticDir: string;
let backend: Server;
let backendUrl: string;
let ingress: Ingress;
let released: () => void = () => undefined;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'forward-request-test-'));
  backend = createServer((request, response) => {
    if (request.url === '/api/stream') return streamAnswer(response);
    if (request.url === '/api/cut') {
      response.writeHead(200, { 'Content-Length': '100' });
      response.write('only part');
      return void setImmediate(() => response.socket?.destroy());
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('Set-Cookie', ['a=1', 'b=2']);
      response.setHeader('X-Custom', 'kept');
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(echoOf(request, Buffer.concat(chunks))));
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const address = backend.address();
  backendUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ingress = await startTestIngress({ runtimeUrl: backendUrl, staticDir, sessionKey: 'k'.repeat(64) });
});

afterAll(async () => {
  await ingress.close();
  await new Promise<void>((resolve) => {
    backend.close(() => resolve());
    backend.closeAllConnections();
  });
  await rm(staticDir, { recursive: true, force: true });
});

function echoOf(request: IncomingMessage, body: Buffer) {
  return { method: request.method, url: request.url, headers: request.headers, body: body.toString('utf8') };
}

/** The first chunk goes out at once; the rest only once the test has seen the first (released). */
function streamAnswer(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  response.write('first;');
  released = () => response.end('second');
}

describe('REST forwarding', () => {
  it('sends the backend exactly the path and query the ingress judged, double slashes included', async () => {
    const answer = await rawRequest(ingress.port, { path: '/api//echo//x/?a=//b&c=%2F' });
    expect(JSON.parse(answer.body).url).toBe('/api//echo//x/?a=//b&c=%2F');
  });

  it("keeps the request's headers, with the backend's Host and our own connection headers", async () => {
    const answer = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: {
        'X-Session-API-Key': 'key',
        Cookie: 'awb_session=1; other=2',
        Connection: 'keep-alive, X-Session-API-Key',
        'Keep-Alive': 'timeout=5',
        'Content-Type': 'application/json',
      },
      body: '{"a":1}',
    });
    const echo = JSON.parse(answer.body) as ReturnType<typeof echoOf>;
    expect(echo.body).toBe('{"a":1}');
    expect(echo.headers['x-session-api-key']).toBe('key');
    expect(echo.headers.cookie).toBe('awb_session=1; other=2');
    expect(echo.headers.host).toBe(new URL(backendUrl).host);
    expect(echo.headers.connection).toBe('keep-alive');
    expect(echo.headers['keep-alive']).toBeUndefined();
  });

  it("passes the answer's status and headers on, repeated ones included, without the backend's connection headers", async () => {
    const answer = await rawRequest(ingress.port, { path: '/api/echo' });
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(answer.headers['x-custom']).toBe('kept');
    expect(answer.headers['keep-alive']).toBeUndefined();
  });

  it('streams an answer: its first part reaches the browser before the backend has finished', async () => {
    const parts: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        {
          port: ingress.port,
          host: '127.0.0.1',
          path: '/api/stream',
          headers: { host: `localhost:${ingress.port}` },
        },
        (response) => {
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            parts.push(chunk);
            if (parts.length === 1) released();
          });
          response.on('end', resolve);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(parts).toEqual(['first;', 'second']);
  });

  it('cuts the browser off too when the backend breaks off an answer halfway', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const request = httpRequest(
        {
          port: ingress.port,
          host: '127.0.0.1',
          path: '/api/cut',
          headers: { host: `localhost:${ingress.port}` },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve('complete'));
          response.on('error', () => resolve('cut off'));
          response.on('aborted', () => resolve('cut off'));
        },
      );
      request.on('error', () => resolve('cut off'));
      request.end();
    });
    expect(outcome).toBe('cut off');
  });

  it('tells the caller, and writes nothing, when the backend is not there', async () => {
    const gone = createBackend('http://127.0.0.1:1');
    const server = createServer((request, response) =>
      forwardRequest(gone, request, response, {
        failed(error) {
          response.statusCode = 502;
          response.end((error as NodeJS.ErrnoException).code);
        },
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const answer = await rawRequest(typeof address === 'object' && address ? address.port : 0, {
      path: '/x',
    });
    server.close();
    gone.agent.destroy();
    expect(answer).toMatchObject({ status: 502, body: 'ECONNREFUSED' });
  });
});
