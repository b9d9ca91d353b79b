import { Agent, request as httpRequest } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ingress } from './start-ingress';
import { setUpIngressTestbed } from './testing/ingress-testbed';
import { multipartBody, slowUpload } from './testing/slow-upload';

let ingress: Ingress;
const bed = setUpIngressTestbed();

beforeAll(() => {
  ({ ingress } = bed);
});

describe('an answer the runtime gives before reading the body', () => {
  const upload = multipartBody(Buffer.alloc(900 * 1024, 'u'));
  const headers = { 'content-type': upload.contentType };
  const ITERATIONS = 30;

  it('reaches a slow multipart upload that asks to close, never a 502 or a broken pipe', async () => {
    const outcomes: string[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const result = await slowUpload(ingress.port, { path: '/api/early', body: upload.body, headers });
      outcomes.push(`${result.status} ${result.requestError ?? ''} ${result.body}`.trim());
    }
    expect(outcomes).toEqual(Array(ITERATIONS).fill('401  {"detail":"Unauthorized"}'));
  });

  it('keeps a connection that asks to close open until the body is in, so the answer is never lost to a reset', async () => {
    // Closed with body bytes still arriving, the ingress's socket answers them with a reset, which can
    // take the answer with it before the browser has read it (seen as a broken pipe and no status).
    const answer = await halfSentUpload(ingress.port, '/api/early');
    expect(answer).toMatch(/^HTTP\/1\.1 401 [\s\S]*\{"detail":"Unauthorized"\}$/);
  });

  it('reaches a slow multipart upload on a kept-alive connection, which then serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const outcomes: string[] = [];
      for (let iteration = 0; iteration < ITERATIONS; iteration++) {
        const result = await slowUpload(ingress.port, {
          path: '/api/early',
          body: upload.body,
          headers,
          agent,
        });
        outcomes.push(`${result.status} ${result.requestError ?? ''}`.trim());
      }
      const next = await new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: ingress.port,
            path: '/server_info',
            agent,
            headers: { host: `localhost:${ingress.port}` },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode));
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(outcomes).toEqual(Array(ITERATIONS).fill('401'));
      expect(next).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('reaches fetch with a FormData upload, as the upstream client sends it', async () => {
    const statuses: string[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(900 * 1024, 'f')]), 'upload.bin');
      const response = await fetch(`http://127.0.0.1:${ingress.port}/api/early?path=/tmp/x`, {
        method: 'POST',
        body: form,
      });
      statuses.push(`${response.status} ${await response.text()}`);
    }
    expect(statuses).toEqual(Array(ITERATIONS).fill('401 {"detail":"Unauthorized"}'));
  });
});

describe('an answer the ingress gives itself before reading the body', () => {
  // Each goes out at once and ends once the body is in, like the runtime's early answers above.
  it('for a runtime that is down (502)', async () => {
    const down = await bed.start({ runtimeUrl: `http://127.0.0.1:${await closedPort()}` });
    const answer = await halfSentUpload(down.port, '/api/early');
    expect(answer).toMatch(/^HTTP\/1\.1 502 [\s\S]*runtime is not reachable/);
  });

  it('for a refused origin (403)', async () => {
    const answer = await halfSentUpload(ingress.port, '/api/early', { Origin: 'http://elsewhere.test' });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('for a body over the limit (413)', async () => {
    const answer = await halfSentUpload(ingress.port, '/api/conversations', {}, 2 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413 [\s\S]*"code":"body_too_large"/);
  });
});

/**
 * Sends half of the upload on a raw connection that asks to close, waits for the whole answer, checks
 * that the connection is still open while the rest of the body is owed, then sends the rest and
 * expects a clean close. Returns the answer's bytes.
 */
async function halfSentUpload(
  port: number,
  path: string,
  extraHeaders: Record<string, string> = {},
  size = 900 * 1024,
) {
  const { body, contentType } = multipartBody(Buffer.alloc(size, 'u'));
  const socket = connect(port, '127.0.0.1');
  const events: string[] = [];
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  socket.on('end', () => events.push('end'));
  socket.on('error', (error: NodeJS.ErrnoException) => events.push(`error ${error.code}`));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const half = body.subarray(0, 64 * 1024);
  const extra = Object.entries(extraHeaders).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n${extra.join('')}` +
      `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(half);
  // The whole answer, head and Content-Length body; 10 s, as a loaded machine can take more than
  // waitFor's default second.
  await vi.waitFor(() => {
    const length = /content-length: (\d+)/i.exec(answer);
    const bodyStart = answer.indexOf('\r\n\r\n');
    expect(length && bodyStart >= 0 && answer.length - bodyStart - 4 >= Number(length[1])).toBe(true);
  }, 10_000);
  // The answer is whole; the connection must still be open while the rest of the body is owed.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(events).toEqual([]);
  socket.end(body.subarray(half.length));
  await closed;
  expect(events).toEqual(['end']);
  return answer;
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
