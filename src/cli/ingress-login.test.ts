import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginToken } from './login-token';
import { type Ingress, startIngress } from './start-ingress';
import { type RawResponse, rawRequest } from './testing/raw-request';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';

const SESSION_KEY = 'session-key-0123456789abcdef0123456789abcdef';
const TOKEN = 'one-time-token-0123456789';
const COOKIE = `awb_session=${SESSION_KEY}; HttpOnly; SameSite=Strict; Path=/`;

let tempDir: string;
let upstream: FakeRuntime;
let ingress: Ingress;

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'ingress-login-test-'));
  await mkdir(join(tempDir, 'ui'));
  await writeFile(join(tempDir, 'ui', 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  upstream = await startFakeRuntime();
  const started = await startIngress({
    host: '127.0.0.1',
    port: 0,
    public: false,
    runtimeUrl: upstream.url,
    staticDir: join(tempDir, 'ui'),
    sessionKey: SESSION_KEY,
    loginToken: createLoginToken(TOKEN),
  });
  if (!started.ok) throw new Error(started.code);
  ingress = started.ingress;
});

afterAll(async () => {
  await ingress.close();
  await upstream.close();
  await rm(tempDir, { recursive: true, force: true });
});

const postKey = (body: string, headers: Record<string, string> = {}) =>
  rawRequest(ingress.port, {
    method: 'POST',
    path: '/auth/session',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

const setCookie = (response: RawResponse) => response.headers['set-cookie'];

// One ingress, one token: these run in order, and the first one spends the token.
describe('the one-time login URL', () => {
  it('exchanges the valid token once for the session cookie and drops it from the URL', async () => {
    const response = await rawRequest(ingress.port, { path: `/conversations/1?tab=x&token=${TOKEN}` });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/conversations/1?tab=x');
    expect(setCookie(response)).toEqual([COOKIE]);
    expect(setCookie(response)?.[0]).not.toMatch(/Secure/);
    expect(response.body).not.toContain(SESSION_KEY);
  });

  it('refuses the same token the second time: a redirect with no cookie', async () => {
    const response = await rawRequest(ingress.port, { path: `/?token=${TOKEN}` });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(setCookie(response)).toBeUndefined();
  });

  it('refuses a wrong token the same way', async () => {
    const response = await rawRequest(ingress.port, { path: '/?token=guess' });
    expect(response.status).toBe(303);
    expect(setCookie(response)).toBeUndefined();
  });

  it('never redirects off the site', async () => {
    for (const path of ['//evil.test/?token=guess', '/.//evil.test/?token=guess']) {
      const location = (await rawRequest(ingress.port, { path })).headers.location;
      expect(location, path).toMatch(/^\/(?!\/)/);
    }
  });
});

describe('POST /auth/session', () => {
  it('answers the right key with 204 and the cookie', async () => {
    const response = await postKey(JSON.stringify({ key: SESSION_KEY }));
    expect(response.status).toBe(204);
    expect(setCookie(response)).toEqual([COOKIE]);
  });

  it('answers a wrong key with 401 and no cookie', async () => {
    const response = await postKey(JSON.stringify({ key: 'wrong' }));
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ detail: 'Unauthorized', code: 'unauthorized' });
    expect(setCookie(response)).toBeUndefined();
  });

  it('takes only a small JSON body', async () => {
    expect((await postKey('key=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(
      415,
    );
    expect((await postKey('{"key": 1}')).status).toBe(400);
    expect((await postKey(JSON.stringify({ key: 'x'.repeat(8 * 1024) }))).status).toBe(413);
  });

  it('refuses a post from another origin before looking at the key', async () => {
    const response = await postKey(JSON.stringify({ key: SESSION_KEY }), { origin: 'http://evil.test' });
    expect(response.status).toBe(403);
    expect(setCookie(response)).toBeUndefined();
  });

  it('is POST only and the only path under /auth besides logout', async () => {
    expect((await rawRequest(ingress.port, { path: '/auth/session' })).status).toBe(405);
    expect((await rawRequest(ingress.port, { method: 'POST', path: '/auth/other' })).status).toBe(404);
  });
});

describe('POST /auth/logout', () => {
  it('clears the cookie', async () => {
    const response = await rawRequest(ingress.port, { method: 'POST', path: '/auth/logout' });
    expect(response.status).toBe(204);
    expect(setCookie(response)).toEqual(['awb_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0']);
  });
});

describe('an untrusted client', () => {
  it('gets no session key anywhere from a plain fetch of the page', async () => {
    for (const path of ['/', '/index.html', '/conversations/1', '/?token=guess']) {
      const response = await fetch(`http://127.0.0.1:${ingress.port}${path}`, { redirect: 'follow' });
      const everything = `${JSON.stringify([...response.headers])}${await response.text()}`;
      expect(everything).not.toContain(SESSION_KEY);
    }
  });
});
