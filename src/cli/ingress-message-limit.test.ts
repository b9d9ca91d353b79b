import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginToken } from './login-token';
import { type Ingress, MESSAGE_BODY_LIMIT_BYTES, startIngress } from './start-ingress';
import { rawRequest } from './testing/raw-request';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';

let tempDir: string;
let upstream: FakeRuntime;
let ingress: Ingress;
const MESSAGE_PATH = '/api/conversations/0b4e6a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b/events';

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'ingress-message-'));
  await mkdir(join(tempDir, 'ui'));
  await writeFile(join(tempDir, 'ui', 'index.html'), '<!doctype html><title>t</title>');
  upstream = await startFakeRuntime();
  const result = await startIngress({
    host: '127.0.0.1',
    port: 0,
    public: false,
    runtimeUrl: upstream.url,
    staticDir: join(tempDir, 'ui'),
    sessionKey: 'k'.repeat(64),
    loginToken: createLoginToken(),
  });
  if (!result.ok) throw new Error(`ingress did not start: ${result.code}`);
  ingress = result.ingress;
});

afterAll(async () => {
  await ingress.close();
  await upstream.close();
  await rm(tempDir, { recursive: true, force: true });
});

describe('the body limit of a message with images', () => {
  it('lets a message of a few MiB (images as data URLs) through to the runtime, announced or streamed', async () => {
    const variants: Record<string, string>[] = [{}, { 'transfer-encoding': 'chunked' }];
    for (const headers of variants) {
      const response = await rawRequest(ingress.port, {
        method: 'POST',
        path: MESSAGE_PATH,
        headers: { 'content-type': 'application/json', ...headers },
        body: Buffer.alloc(8 * 1024 * 1024, 'x'),
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body).body).toHaveLength(8 * 1024 * 1024);
    }
  });

  it('refuses a message over its own limit with a sentence, without proxying it', async () => {
    const before = upstream.seen.length;
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: MESSAGE_PATH,
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(MESSAGE_BODY_LIMIT_BYTES + 1, 'x'),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'The message is too large: at most 6 images of 5 MiB each can be sent at once',
      code: 'message_too_large',
    });
    expect(upstream.seen.length).toBe(before);
  });

  it('keeps 1 MiB for every other route, the event list under the same prefix included', async () => {
    for (const path of [`${MESSAGE_PATH}/respond_to_confirmation`, '/api/conversations']) {
      const response = await rawRequest(ingress.port, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(2 * 1024 * 1024, 'x'),
      });
      expect(response.status).toBe(413);
    }
  });
});
