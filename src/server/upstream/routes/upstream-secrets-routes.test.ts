import { afterEach, describe, expect, it } from 'vitest';
import { call, createConversation } from '../../testing/api-helpers';
import { createTestServer, TEST_SESSION_KEY, type TestServer } from '../../testing/create-test-server';

const VALUE = 'canvas-secret-0123456789abcdef';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the agent server's /api/settings/secrets", () => {
  it('upserts, lists names and descriptions, deletes with {deleted: true}, in upstream shapes', async () => {
    server = await createTestServer();
    const put = await call(server, {
      method: 'PUT',
      url: '/api/settings/secrets',
      payload: { name: 'GITHUB_TOKEN', value: VALUE, description: 'repo' },
    });
    expect(put).toMatchObject({ status: 200, body: { name: 'GITHUB_TOKEN', description: 'repo' } });
    expect((await call(server, { url: '/api/settings/secrets' })).body).toEqual({
      secrets: [{ name: 'GITHUB_TOKEN', description: 'repo' }],
    });
    // Saved once, seen through both faces.
    expect((await call(server, { url: '/api/secrets' })).body).toMatchObject({
      items: [{ name: 'GITHUB_TOKEN', value_set: true }],
    });
    expect(await call(server, { method: 'DELETE', url: '/api/settings/secrets/GITHUB_TOKEN' })).toMatchObject(
      { status: 200, body: { deleted: true } },
    );
    expect(await call(server, { method: 'DELETE', url: '/api/settings/secrets/GITHUB_TOKEN' })).toMatchObject(
      { status: 404, body: { code: 'secret_not_found' } },
    );
  });

  it('never answers a value: GET …/{name} is 403 secret_value_withheld, or 404 for an unknown name', async () => {
    server = await createTestServer();
    await call(server, {
      method: 'PUT',
      url: '/api/settings/secrets',
      payload: { name: 'TOKEN', value: VALUE },
    });
    const asked = await call(server, { url: '/api/settings/secrets/TOKEN' });
    expect(asked).toMatchObject({ status: 403, body: { code: 'secret_value_withheld' } });
    expect(asked.response.body).not.toContain(VALUE);
    expect(await call(server, { url: '/api/settings/secrets/OTHER' })).toMatchObject({
      status: 404,
      body: { code: 'secret_not_found' },
    });
  });

  it('answers 422 for a bad name or an empty value, and saves nothing', async () => {
    server = await createTestServer();
    for (const payload of [
      { name: 'bad name', value: VALUE },
      { name: '9LIVES', value: VALUE },
      { name: 'LD-PRELOAD', value: VALUE },
      { name: 'TOKEN', value: '' },
    ]) {
      const bad = await call(server, { method: 'PUT', url: '/api/settings/secrets', payload });
      expect(bad.status, payload.name).toBe(422);
      expect(bad.response.body).not.toContain(VALUE);
    }
    expect((await call(server, { method: 'DELETE', url: '/api/settings/secrets/bad-name' })).status).toBe(
      422,
    );
    expect((await call(server, { url: '/api/settings/secrets' })).body).toEqual({ secrets: [] });
  });

  it("takes the Canvas's LookupSecret for a saved secret at creation, and refuses one that names any other URL", async () => {
    server = await createTestServer();
    await call(server, {
      method: 'PUT',
      url: '/api/settings/secrets',
      payload: { name: 'TOKEN', value: VALUE },
    });
    const lookup = (url: string) => ({
      secrets: {
        TOKEN: {
          kind: 'LookupSecret',
          url,
          description: null,
          headers: { 'X-Session-API-Key': TEST_SESSION_KEY },
        },
      },
    });
    await createConversation(server, lookup('/api/settings/secrets/TOKEN'));
    for (const url of [
      'http://attacker.example/steal',
      '/api/settings/secrets/OTHER',
      '/api/secrets/TOKEN',
    ]) {
      const refused = await call(server, { method: 'POST', url: '/api/conversations', payload: lookup(url) });
      expect(refused.status, url).toBe(422);
    }
  });
});
