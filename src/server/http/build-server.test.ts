import { UPSTREAM_AGENT_SERVER_VERSION } from '../upstream/upstream-agent-server-version';
import { OWNER_ROUTE } from '../routes/owner-route';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, type SettingsStore } from '../../runtime/settings/settings-store';
import { type BuildServerOptions, buildServer } from './build-server';
import { routeTable } from './route-table';

const KEY = 'k'.repeat(64);
let dataDir: string;
let settings: SettingsStore;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'agent-workbench-build-'));
  settings = createSettingsStore(dataDir, {});
});
afterEach(async () => rmSync(dataDir, { recursive: true, force: true }));

function build(overrides: Partial<BuildServerOptions> = {}) {
  return buildServer({
    settings,
    sessionKey: KEY,
    version: '1.2.3',
    defaultWorkspace: '/work/space',
    ...overrides,
  });
}

describe('buildServer without a conversation service', () => {
  it('answers the probes and the OpenAPI document without a key', async () => {
    const app = await build();
    for (const url of ['/alive', '/health', '/server_info', '/openapi.json']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(503);
    await app.close();
  });

  it('reports title, upstream and own versions, uptime, idle time, tools and capabilities in /server_info', async () => {
    let now = 1_000_000;
    const app = await build({ now: () => now, startedAt: new Date(1_000_000) });
    now += 5_000;
    await app.inject({ url: '/api/settings', headers: { 'x-session-api-key': KEY } });
    now += 2_500;
    await app.inject({ url: '/server_info' });
    const info = (await app.inject({ url: '/server_info' })).json();
    expect(info).toEqual({
      title: 'Agent Workbench',
      version: UPSTREAM_AGENT_SERVER_VERSION,
      workbench_version: '1.2.3',
      uptime: 7.5,
      idle_time: 2.5,
      usable_tools: [
        'terminal',
        'file_editor',
        'grep',
        'glob',
        'list_dir',
        'apply_patch',
        'task_tracker',
        'think',
        'finish',
        'task',
      ],
      capabilities: expect.arrayContaining(['conversations', 'search', 'session-socket']),
    });
    await app.close();
  });

  it('answers 401 {"detail":"Unauthorized","code":"unauthorized"} on every /api route without the right key', async () => {
    const app = await build();
    const apiRoutes = routeTable(app).filter((route) => route.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(20);
    const id = '00000000-0000-4000-8000-000000000001';
    for (const route of apiRoutes) {
      const url = route.url.replace(':id', id).replace(':event_id', id);
      for (const headers of [{}, { 'x-session-api-key': 'wrong' }, { 'x-session-api-key': `${KEY}x` }]) {
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${route.method} ${url}`).toBe(401);
        expect(response.json()).toEqual({ detail: 'Unauthorized', code: 'unauthorized' });
      }
    }
    await app.close();
  });

  it('guards unknown and oddly spelled /api paths too', async () => {
    const app = await build();
    for (const url of ['/api', '/api/nothing-here', '/%61pi/settings', '/api/settings?x=1']) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
    }
    expect((await app.inject({ url: '/apix' })).statusCode).toBe(404);
    await app.close();
  });

  it('answers conversation routes 503 while no runtime is wired', async () => {
    const app = await build();
    const response = await app.inject({
      url: '/api/conversations/count',
      headers: { 'x-session-api-key': KEY },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'runtime_not_ready' });
    await app.close();
  });

  it('refuses a body over 1 MiB with 413 and malformed JSON with 400, as JSON', async () => {
    const app = await build();
    const headers = { 'x-session-api-key': KEY, 'content-type': 'application/json' };
    const big = await app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers,
      payload: JSON.stringify({ llm: { provider: 'openai', model: 'x'.repeat(1024 * 1024) } }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'Request body is larger than 1 MiB', code: 'body_too_large' });
    const malformed = await app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers,
      payload: '{"llm": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Malformed JSON body', code: 'malformed_json' });
    expect((await app.inject({ url: '/server_info' })).statusCode).toBe(200);
    await app.close();
  });

  it('answers an unexpected failure 500 with an error_id and no stack, and logs the stack under that id', async () => {
    const lines: string[] = [];
    const failing: SettingsStore = {
      ...settings,
      view() {
        throw new Error('boom in /secret/internal/path');
      },
    };
    const app = await build({
      settings: failing,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    const response = await app.inject({ url: '/api/settings', headers: { 'x-session-api-key': KEY } });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      detail: 'Internal Server Error',
      code: 'internal_error',
      error_id: expect.any(String),
    });
    expect(response.body).not.toMatch(/secret|boom|at .*\.ts/);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.error_id === body.error_id);
    expect(logged?.err?.stack).toContain('boom in /secret/internal/path');
    await app.close();
  });

  it('answers unknown paths 404 as JSON', async () => {
    const app = await build();
    const response = await app.inject({ url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
    await app.close();
  });

  it('describes every REST route in /openapi.json, with the event and frame schemas as components', async () => {
    const app = await build();
    const document = (await app.inject({ url: '/openapi.json' })).json();
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    for (const route of routeTable(app)) {
      if (route.url === '/openapi.json' || route.url.startsWith('/sockets/')) continue;
      // The ingress's routing question (which runtime serves a conversation) is not part of the API.
      if (route.url === OWNER_ROUTE) continue;
      // A trailing wildcard is documented as the path parameter `{*}`.
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      expect(documented, `${route.method} ${path}`).toContain(`${route.method} ${path}`);
    }
    const components = Object.keys(document.components.schemas);
    for (const name of [
      'Event',
      'MessageEvent',
      'ActionEvent',
      'ConversationInfo',
      'ServerFrame',
      'ClientFrame',
    ]) {
      expect(components).toContain(name);
    }
    expect(document.info.description).toContain('/sockets/session/{conversation_id}');
    await app.close();
  });
});
