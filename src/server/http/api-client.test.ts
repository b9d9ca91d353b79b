import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/create-api-client';
import { createTestServer, TEST_SESSION_KEY, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createApiClient against a real runtime', () => {
  it('creates, reads and lists conversations with the typed client, sending the session key', async () => {
    server = await createTestServer();
    const client = createApiClient({ baseUrl: await server.listen(), sessionKey: TEST_SESSION_KEY });
    const created = await client.POST('/api/conversations', { body: { title: 'Typed' } });
    expect(created.response.status).toBe(201);
    const id = created.data?.id ?? '';
    const fetched = await client.GET('/api/conversations/{id}', { params: { path: { id } } });
    expect(fetched.data?.title).toBe('Typed');
    const page = await client.GET('/api/conversations/search', { params: { query: { limit: 5 } } });
    expect(page.data?.items.map((item) => item.id)).toEqual([id]);
    const missing = await client.GET('/api/conversations/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-00000000dead' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'conversation_not_found' });
  });

  it('gets 401 with a wrong key', async () => {
    server = await createTestServer();
    const client = createApiClient({ baseUrl: await server.listen(), sessionKey: 'wrong' });
    const answer = await client.GET('/api/settings');
    expect(answer.response.status).toBe(401);
    expect(answer.error).toEqual({ detail: 'Unauthorized', code: 'unauthorized' });
  });
});
