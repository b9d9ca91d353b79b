import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './spa-security-headers';
import type { Ingress, IngressOptions } from './start-ingress';
import { INDEX_HTML, SESSION_KEY, setUpIngressTestbed } from './testing/ingress-testbed';
import { rawRequest } from './testing/raw-request';

let ingress: Ingress;
let tempDir: string;
const bed = setUpIngressTestbed();
const start = (overrides: Partial<IngressOptions> = {}) => bed.start(overrides);

beforeAll(() => {
  ({ ingress, tempDir } = bed);
});

describe('static SPA', () => {
  it('serves hashed assets as immutable with the right content type', async () => {
    const response = await rawRequest(ingress.port, { path: '/assets/index-abc123.js' });
    expect(response.status).toBe(200);
    expect(response.body).toBe('console.log(1);');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('revalidates unhashed files and answers 304 when unchanged', async () => {
    const first = await rawRequest(ingress.port, { path: '/favicon.svg' });
    expect(first.headers['content-type']).toBe('image/svg+xml');
    expect(first.headers['cache-control']).toBe('no-cache');
    const lastModified = String(first.headers['last-modified']);
    const second = await rawRequest(ingress.port, {
      path: '/favicon.svg',
      headers: { 'if-modified-since': lastModified },
    });
    expect(second.status).toBe(304);
  });

  it('serves index.html as built, with no-cache, on / and client routes: no key, no inline script', async () => {
    for (const path of ['/', '/index.html', '/conversations/123', '/settings?tab=model']) {
      const response = await rawRequest(ingress.port, { path });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
      expect(response.body).not.toContain(SESSION_KEY);
    }
  });

  it('sends the CSP, frame and sniffing headers with every HTML answer', async () => {
    const unbuilt = await start({ staticDir: join(tempDir, 'does-not-exist') });
    const answers = [
      await rawRequest(ingress.port, { path: '/' }),
      await rawRequest(ingress.port, { path: '/conversations/1' }),
      await rawRequest(unbuilt.port, { path: '/' }),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers 404 for a missing asset instead of the index', async () => {
    for (const path of ['/assets/gone-123.js', '/assets/gone', '/missing.png', '/deep/path/app.css']) {
      const response = await rawRequest(ingress.port, { path });
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('never serves files outside the build folder', async () => {
    for (const path of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt']) {
      const response = await rawRequest(ingress.port, { path });
      expect(response.body).not.toContain('do not serve');
    }
  });

  it('answers 405 to writes on SPA paths and 400 to undecodable paths', async () => {
    const post = await rawRequest(ingress.port, { method: 'POST', path: '/conversations/1', body: '' });
    expect(post.status).toBe(405);
    expect((await rawRequest(ingress.port, { path: '/%E0%A4%A' })).status).toBe(400);
  });

  it('says to run npm run build when the SPA is not built', async () => {
    const unbuilt = await start({ staticDir: join(tempDir, 'does-not-exist') });
    const page = await rawRequest(unbuilt.port, { path: '/conversations/1' });
    expect(page.status).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await rawRequest(unbuilt.port, { path: '/assets/x.js' })).status).toBe(404);
  });
});
