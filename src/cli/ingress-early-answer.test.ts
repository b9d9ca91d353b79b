import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
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
    const socket = connect(ingress.port, '127.0.0.1');
    const events: string[] = [];
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('end', () => events.push('end'));
    socket.on('error', (error: NodeJS.ErrnoException) => events.push(`error ${error.code}`));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const half = upload.body.subarray(0, 64 * 1024);
    socket.write(
      `POST /api/early HTTP/1.1\r\nHost: localhost:${ingress.port}\r\nConnection: close\r\n` +
        `Content-Type: ${upload.contentType}\r\nContent-Length: ${upload.body.length}\r\n\r\n`,
    );
    socket.write(half);
    await vi.waitFor(() => expect(answer).toContain('{"detail":"Unauthorized"}'));
    // The answer is whole; the connection must still be open while the rest of the body is owed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
    socket.end(upload.body.subarray(half.length));
    await closed;
    expect(events).toEqual(['end']);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
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
