import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { Ingress, IngressOptions } from '../start-ingress';
import { type FakeRuntime, startFakeRuntime } from './start-fake-runtime';
import { startTestIngress } from './start-test-ingress';

export const INDEX_HTML =
  '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
export const SESSION_KEY = 'k'.repeat(64);

export interface IngressTestbed {
  tempDir: string;
  /** A built SPA: index.html, a hashed asset, a favicon; a secret file beside it, outside. */
  staticDir: string;
  upstream: FakeRuntime;
  /** An ingress in front of `upstream`, serving `staticDir`. */
  ingress: Ingress;
  /** Another ingress with `overrides`, closed after the file's tests. */
  start(overrides?: Partial<IngressOptions>): Promise<Ingress>;
}

/**
 * The ingress test files' shared setup, registered as the calling file's beforeAll and afterAll: the
 * fields are filled in before the first test. Everything is written under a fresh OS temp folder.
 */
export function setUpIngressTestbed(): IngressTestbed {
  const started: Ingress[] = [];
  const bed = {} as IngressTestbed;
  bed.start = async (overrides = {}) => {
    const ingress = await startTestIngress({
      runtimeUrl: bed.upstream.url,
      staticDir: bed.staticDir,
      sessionKey: SESSION_KEY,
      ...overrides,
    });
    started.push(ingress);
    return ingress;
  };
  beforeAll(async () => {
    bed.tempDir = await mkdtemp(join(tmpdir(), 'ingress-test-'));
    bed.staticDir = join(bed.tempDir, 'ui');
    await mkdir(join(bed.staticDir, 'assets'), { recursive: true });
    await writeFile(join(bed.staticDir, 'index.html'), INDEX_HTML);
    await writeFile(join(bed.staticDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(join(bed.staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(bed.tempDir, 'secret.txt'), 'do not serve');
    bed.upstream = await startFakeRuntime();
    bed.ingress = await bed.start();
  });
  afterAll(async () => {
    await Promise.all(started.map((each) => each.close()));
    await bed.upstream.close();
    await rm(bed.tempDir, { recursive: true, force: true });
  });
  return bed;
}

export function openSocket(port: number, path: string, headers: Record<string, string> = {}) {
  return new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    headers: { host: `localhost:${port}`, ...headers },
  });
}

export function firstMessage(socket: WebSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => resolve(data.toString()));
    socket.once('error', reject);
  });
}

export function refusedStatus(socket: WebSocket): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve('closed'));
    socket.once('open', () => resolve(-1));
  });
}
