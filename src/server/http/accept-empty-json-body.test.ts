import { afterEach, describe, expect, it } from 'vitest';
import { createConversation } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => server?.close());

const json = { 'content-type': 'application/json' };

describe('JSON content type with an empty body', () => {
  it('is no body: run, pause, interrupt and delete work with the header set', async () => {
    server = await createTestServer();
    const { app, auth } = server;
    const info = await createConversation(server);
    for (const action of ['run', 'pause', 'interrupt']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/conversations/${info.id}/${action}`,
        headers: { ...auth, ...json },
        payload: '',
      });
      expect(response.statusCode, action).toBe(200);
    }
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/conversations/${info.id}`,
      headers: { ...auth, ...json },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('tells a literal JSON null apart from no body: a 422 that changes nothing', async () => {
    server = await createTestServer();
    const info = await createConversation(server);
    const before = (await server.store.readEvents(info.id)).length;
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/conversations/${info.id}/pause`,
      headers: { ...server.auth, ...json },
      payload: 'null',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'Expected a JSON object, received null', type: 'invalid_type' }],
      code: 'validation_failed',
    });
    expect((await server.store.readEvents(info.id)).length).toBe(before);
  });

  it('is a 422 naming the body on a route that needs one', async () => {
    server = await createTestServer();
    const info = await createConversation(server);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      headers: { ...server.auth, ...json },
      payload: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['body']);
  });

  it('still refuses malformed JSON and prototype poisoning with a 400', async () => {
    server = await createTestServer();
    for (const payload of ['{"title":', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { ...server.auth, ...json },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(JSON.stringify(response.json())).not.toMatch(/at .*\.js/);
    }
  });
});
