import { beforeAll, describe, expect, it } from 'vitest';
import type { Ingress } from './start-ingress';
import { setUpIngressTestbed } from './testing/ingress-testbed';
import { rawRequest } from './testing/raw-request';
import type { FakeRuntime } from './testing/start-fake-runtime';

let ingress: Ingress;
let upstream: FakeRuntime;
const bed = setUpIngressTestbed();

beforeAll(() => {
  ({ ingress, upstream } = bed);
});

describe('body limit', () => {
  it('answers 413 in the runtime error shape for an announced body over 1 MiB, without proxying it', async () => {
    const before = upstream.seen.length;
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(2 * 1024 * 1024, 'x'),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'Request body is larger than 1 MiB',
      code: 'body_too_large',
    });
    expect(upstream.seen.length).toBe(before);
  });

  it('answers 413, not 502, for a streamed (chunked) body over 1 MiB and keeps serving', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(2 * 1024 * 1024, 'x'),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'Request body is larger than 1 MiB',
      code: 'body_too_large',
    });
    const next = await rawRequest(ingress.port, { path: '/server_info' });
    expect(next.status).toBe(200);
  });

  it('answers 413 to a streamed body over 1 MiB sent with Expect: 100-continue', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'transfer-encoding': 'chunked', expect: '100-continue' },
      body: Buffer.alloc(2 * 1024 * 1024, 'x'),
    });
    expect(response.status).toBe(413);
  });

  it('proxies a streamed body under 1 MiB', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(512 * 1024, 'x'),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).body).toHaveLength(512 * 1024);
  });

  it('answers 431 with a short reason to a URL over the header limit instead of resetting', async () => {
    const response = await rawRequest(ingress.port, {
      path: `/api/conversations/search?q=${'q'.repeat(60_000)}`,
    });
    expect(response.status).toBe(431);
    expect(response.body).toMatch(/too large/);
  });

  it('lets a body over 1 MiB through to the file upload only, and answers 413 itself past 65 MiB', async () => {
    const twoMiB = Buffer.alloc(2 * 1024 * 1024, 'x');
    const upload = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/file/upload?path=/tmp/a',
      body: twoMiB,
    });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body).body).toHaveLength(twoMiB.length);
    const elsewhere = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/file/uploads',
      body: twoMiB,
    });
    expect(elsewhere.status).toBe(413);
    const before = upstream.seen.length;
    const tooLarge = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/file/upload?path=/tmp/a',
      body: Buffer.alloc(65 * 1024 * 1024 + 1, 'x'),
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({
      detail: 'The upload is larger than 64 MiB',
      code: 'upload_too_large',
    });
    expect(upstream.seen.length).toBe(before);
  });

  it('proxies a body of exactly 1 MiB', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      body: Buffer.alloc(1024 * 1024, 'x'),
    });
    expect(response.status).toBe(200);
  });
});
