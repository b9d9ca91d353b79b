import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../../runtime/mcp/testing-servers';
import { call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let runtime: TestServer;
const SECRET = 'mcp-route-secret-5c1e9a77';

beforeAll(async () => {
  runtime = await createTestServer();
});
afterAll(async () => runtime?.close());

async function request(method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) {
  return runtime.app.inject({ method, url, headers: runtime.auth, ...(payload ? { payload } : {}) });
}

describe('MCP servers through the API', () => {
  it('PATCH /api/settings stores global servers; GET shows them with every env value masked', async () => {
    const servers = { everything: everythingServer({ env: { TOKEN: SECRET } }) };
    const patched = await request('PATCH', '/api/settings', { mcp_servers: servers });
    expect(patched.statusCode).toBe(200);
    expect(patched.body).not.toContain(SECRET);
    const shown = (await request('GET', '/api/settings')).json();
    expect(shown.mcp_servers.everything).toEqual({ ...servers.everything, env: { TOKEN: '‹hidden›' } });
    expect(runtime.settings.current().mcp_servers?.everything).toEqual(servers.everything);
  });

  it('PATCH refuses a malformed server and a masked value with nothing behind it, clearly', async () => {
    const badName = await request('PATCH', '/api/settings', {
      mcp_servers: { 'no spaces': { command: 'x' } },
    });
    expect(badName.statusCode).toBe(422);
    const badUrl = await request('PATCH', '/api/settings', { mcp_servers: { remote: { url: 'ftp://x' } } });
    expect(badUrl.statusCode).toBe(422);
    const masked = await request('PATCH', '/api/settings', {
      mcp_servers: { other: { command: 'x', env: { TOKEN: '‹hidden›' } } },
    });
    expect(masked.statusCode).toBe(422);
    expect(masked.json().detail).toContain('other.TOKEN');
  });

  it("GET /api/conversations/{id}/mcp lists each server's state, reason and tools with their risk", async () => {
    const created = await request('POST', '/api/conversations', {
      mcp_config: { mcpServers: { broken: { command: '/nonexistent/mcp-server-binary', args: ['x'] } } },
    });
    expect(created.statusCode).toBe(201);
    const answer = await request('GET', `/api/conversations/${created.json().id}/mcp`);
    expect(answer.statusCode).toBe(200);
    const [everything, broken] = answer.json().items;
    expect(everything).toMatchObject({
      name: 'everything',
      transport: 'stdio',
      state: 'ready',
      source: 'settings',
    });
    expect(everything.tools).toContainEqual(
      expect.objectContaining({ name: 'echo', model_name: 'everything__echo', risk: 'LOW' }),
    );
    expect(broken).toMatchObject({
      name: 'broken',
      transport: 'stdio',
      state: 'failed',
      source: 'conversation',
      tools: [],
    });
    expect(broken.reason).toEqual(expect.any(String));
    expect(answer.body).not.toContain(SECRET);
  });

  it('answers 404 for an unknown conversation', async () => {
    const answer = await request('GET', '/api/conversations/00000000-0000-4000-8000-00000000ffff/mcp');
    expect(answer.statusCode).toBe(404);
  });

  it('PATCH turns a global server off and on again for one conversation only', async () => {
    const first = (await request('POST', '/api/conversations', {})).json().id;
    const second = (await request('POST', '/api/conversations', {})).json().id;
    const off = await request('PATCH', `/api/conversations/${first}/mcp`, {
      disabled_global: ['everything'],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().items).toEqual([
      expect.objectContaining({
        name: 'everything',
        state: 'disabled',
        disabled_by: 'conversation',
        tools: [],
      }),
    ]);
    const other = await request('GET', `/api/conversations/${second}/mcp`);
    expect(other.json().items).toEqual([expect.objectContaining({ name: 'everything', state: 'ready' })]);
    const on = await request('PATCH', `/api/conversations/${first}/mcp`, { disabled_global: [] });
    expect(on.json().items).toEqual([expect.objectContaining({ name: 'everything', state: 'ready' })]);
    const bad = await request('PATCH', `/api/conversations/${first}/mcp`, { disabled_global: ['no spaces'] });
    expect(bad.statusCode).toBe(422);
  });

  it('PATCH names an unknown server in a clear 422 and changes nothing', async () => {
    const id = (await request('POST', '/api/conversations', {})).json().id;
    const answer = await request('PATCH', `/api/conversations/${id}/mcp`, {
      disabled_global: ['everything', 'nowhere'],
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ code: 'unknown_mcp_server' });
    expect(answer.json().detail).toContain('"nowhere"');
    expect(answer.json().detail).not.toContain('"everything"');
    const after = await request('GET', `/api/conversations/${id}/mcp`);
    expect(after.json().items).toEqual([expect.objectContaining({ name: 'everything', state: 'ready' })]);
  });
});

describe('PATCH /api/conversations/{id}/mcp during a run', () => {
  let slow: TestServer;
  beforeAll(async () => {
    // A model that takes its time, so the run is still going when the PATCH comes.
    slow = await createTestServer({ script: { turns: [], fallback: { text: 'thinking', delay_ms: 5_000 } } });
    await call(slow, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { mcp_servers: { everything: everythingServer() } },
    });
  });
  afterAll(async () => slow?.close());

  it('answers 409 with words a person can act on, and the servers keep running', async () => {
    const info = await createConversation(slow, { initial_message: userMessage('go', { run: true }) });
    await waitForStatus(slow, info.id, ['running']);
    const refused = await call(slow, {
      method: 'PATCH',
      url: `/api/conversations/${info.id}/mcp`,
      payload: { disabled_global: ['everything'] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conversation_already_running');
    expect(refused.body.detail).toMatch(/can't be changed while the agent is running/);
    const listed = await call(slow, { url: `/api/conversations/${info.id}/mcp` });
    expect(listed.body.items).toEqual([expect.objectContaining({ name: 'everything', state: 'ready' })]);
    await call(slow, { method: 'POST', url: `/api/conversations/${info.id}/interrupt` });
  });
});
