import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ingress, type IngressOptions, WEBHOOK_BODY_LIMIT_BYTES } from './start-ingress';
import { freePort } from './testing/free-port';
import { rawRequest } from './testing/raw-request';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';
import { startTestIngress } from './testing/start-test-ingress';

// Two real upstreams stand for the runtime and the automation service: which one answered shows the route.
let tempDir: string;
let runtime: FakeRuntime;
let automation: FakeRuntime;
const started: Ingress[] = [];

async function start(overrides: Partial<IngressOptions> = {}): Promise<Ingress> {
  const ingress = await startTestIngress({
    runtimeUrl: runtime.url,
    automationUrl: automation.url,
    staticDir: tempDir,
    sessionKey: 'k'.repeat(64),
    ...overrides,
  });
  started.push(ingress);
  return ingress;
}

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'ingress-automation-'));
  [runtime, automation] = await Promise.all([startFakeRuntime(), startFakeRuntime()]);
});
afterAll(async () => {
  await Promise.all(started.map((ingress) => ingress.close()));
  await Promise.all([runtime.close(), automation.close()]);
  await rm(tempDir, { recursive: true, force: true });
});

const get = (port: number, path: string) =>
  rawRequest(port, { method: 'GET', path, headers: { host: `127.0.0.1:${port}` } });

describe('the ingress and the automation service', () => {
  it('sends /api/automation to the automation service (longest prefix) and the rest of /api to the runtime', async () => {
    const ingress = await start();
    expect((await get(ingress.port, '/api/automation/automations?x=1')).status).toBe(200);
    expect(automation.seen).toContain('GET /api/automation/automations?x=1');
    expect(runtime.seen).not.toContain('GET /api/automation/automations?x=1');
    expect((await get(ingress.port, '/api/automations')).status).toBe(200);
    expect(runtime.seen).toContain('GET /api/automations');
  });

  it('answers a webhook body over 64 KiB with 413 itself, without reaching the service', async () => {
    const ingress = await start();
    const body = JSON.stringify({ log: 'x'.repeat(WEBHOOK_BODY_LIMIT_BYTES) });
    const answer = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/automation/hooks/abc?token=t',
      headers: { host: `127.0.0.1:${ingress.port}`, 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
    expect(automation.seen.some((line) => line.startsWith('POST /api/automation/hooks'))).toBe(false);
  });

  it('says so when the service is down (502), and when there is none (--runtime-url: 503)', async () => {
    const down = await start({ automationUrl: `http://127.0.0.1:${await freePort()}` });
    const unreachable = await get(down.port, '/api/automation/automations');
    expect(unreachable.status).toBe(502);
    expect(unreachable.body).toContain('automation service is not reachable');
    const none = await start({ automationUrl: undefined });
    const unavailable = await get(none.port, '/api/automation/automations');
    expect(unavailable.status).toBe(503);
    expect(JSON.parse(unavailable.body)).toMatchObject({ code: 'automations_unavailable' });
  });
});
