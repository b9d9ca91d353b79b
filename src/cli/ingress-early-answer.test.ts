import { Agent, request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
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
