import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

const VALUE = 'sk-saved-0123456789abcdefghij';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('saved secrets: /api/secrets', () => {
  it('saves, lists as set, replaces, describes and deletes, and no answer ever holds the value', async () => {
    server = await createTestServer();
    const created = await call(server, {
      method: 'PUT',
      url: '/api/secrets/MY_TOKEN',
      payload: { value: VALUE, description: 'deploy token' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'MY_TOKEN', description: 'deploy token', value_set: true },
    });
    const replaced = await call(server, {
      method: 'PUT',
      url: '/api/secrets/MY_TOKEN',
      payload: { value: 'v2-x' },
    });
    expect(replaced).toMatchObject({ status: 200, body: { description: 'deploy token' } });
    const described = await call(server, {
      method: 'PATCH',
      url: '/api/secrets/MY_TOKEN',
      payload: { description: null },
    });
    expect(described).toMatchObject({ status: 200, body: { name: 'MY_TOKEN', description: null } });
    const listed = await call(server, { url: '/api/secrets' });
    expect(listed.body).toEqual({
      items: [expect.objectContaining({ name: 'MY_TOKEN', value_set: true, description: null })],
    });
    for (const answer of [created, replaced, described, listed]) {
      expect(answer.response.body).not.toContain(VALUE);
      expect(answer.response.body).not.toContain('v2-x');
    }
    expect(await call(server, { method: 'DELETE', url: '/api/secrets/MY_TOKEN' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await call(server, { url: '/api/secrets' })).body).toEqual({ items: [] });
  });

  it('answers 422 for a name that is no environment variable name, one the shell relies on, or an empty value, never echoing the value', async () => {
    server = await createTestServer();
    for (const name of ['1TOKEN', 'MY-TOKEN', 'MY%20TOKEN', 'A%3DB', 'T%C3%96KEN']) {
      const bad = await call(server, {
        method: 'PUT',
        url: `/api/secrets/${name}`,
        payload: { value: VALUE },
      });
      expect(bad.status, name).toBe(422);
      expect(bad.body).toMatchObject({ code: 'validation_failed' });
      expect(bad.response.body).not.toContain(VALUE);
    }
    // Names the shell and the sandbox rely on: exported, they would replace the command's PATH, the
    // end-of-command marker, the loader or the egress proxy. And `__proto__`, which a JSON object
    // read back would turn into its prototype: saved, it would vanish from the list.
    for (const name of [
      'PATH',
      'PROMPT_COMMAND',
      'LD_PRELOAD',
      'BASH_ENV',
      'HTTPS_PROXY',
      'HOME',
      '__proto__',
    ]) {
      const reserved = await call(server, {
        method: 'PUT',
        url: `/api/secrets/${name}`,
        payload: { value: VALUE },
      });
      expect(reserved.status, name).toBe(422);
      expect(JSON.stringify(reserved.body)).toContain('reserved');
    }
    for (const value of ['', '   ']) {
      const empty = await call(server, { method: 'PUT', url: '/api/secrets/MY_TOKEN', payload: { value } });
      expect(empty).toMatchObject({ status: 422, body: { code: 'validation_failed' } });
    }
    expect((await call(server, { url: '/api/secrets' })).body).toEqual({ items: [] });
  });

  it('answers 404 secret_not_found for an unknown name on delete and on update', async () => {
    server = await createTestServer();
    for (const method of ['DELETE', 'PATCH'] as const) {
      const missing = await call(server, {
        method,
        url: '/api/secrets/NOBODY',
        ...(method === 'PATCH' ? { payload: { description: 'x' } } : {}),
      });
      expect(missing).toMatchObject({ status: 404, body: { code: 'secret_not_found' } });
    }
  });

  it('a saved secret is masked in the events and the model request, and the model is told its name only', async () => {
    const model = createScriptedLLM({ turns: [{ text: `Your token is ${VALUE}.` }] });
    server = await createTestServer({ createLLM: () => model });
    await call(server, { method: 'PUT', url: '/api/secrets/MY_TOKEN', payload: { value: VALUE } });
    const info = await createConversation(server);
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: userMessage(`remember ${VALUE}`, { run: true }),
    });
    await waitForStatus(server, info.id, ['finished']);
    const events = await call(server, { url: `/api/conversations/${info.id}/events/search?limit=100` });
    expect(events.response.body).not.toContain(VALUE);
    expect(events.response.body).toContain('‹secret:MY_TOKEN›');
    const request = JSON.stringify(model.calls);
    expect(request).not.toContain(VALUE);
    expect(request).toContain('- MY_TOKEN');
  });
});
