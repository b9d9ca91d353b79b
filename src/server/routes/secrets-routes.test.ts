import { afterEach, describe, expect, it } from 'vitest';
import { call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

const PASSWORD = 'correct-horse-battery-staple';
const TOKEN = 'tok_9f8e7d6c5b4a39281706';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('POST /api/conversations/{id}/secrets', () => {
  it('accepts plain and StaticSecret values, keeps them out of the events and never returns them', async () => {
    server = await createTestServer({
      script: { turns: [{ text: `The password is ${PASSWORD} and ${TOKEN}.` }] },
    });
    const info = await createConversation(server);
    const answer = await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/secrets`,
      payload: {
        secrets: {
          DB_PASSWORD: PASSWORD,
          API_TOKEN: { kind: 'StaticSecret', value: TOKEN, description: 'x' },
        },
      },
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: userMessage(`log in with ${PASSWORD}`, { run: true }),
    });
    await waitForStatus(server, info.id, ['finished']);
    const events = await call(server, { url: `/api/conversations/${info.id}/events/search` });
    expect(events.response.body).not.toContain(PASSWORD);
    expect(events.response.body).not.toContain(TOKEN);
    expect(events.response.body).toContain('‹secret:DB_PASSWORD›');
    expect(events.response.body).toContain('‹secret:API_TOKEN›');
    const conversation = await call(server, { url: `/api/conversations/${info.id}` });
    expect(conversation.response.body).not.toContain(PASSWORD);
  });

  it('answers 404 for an unknown conversation and 422 for a bad name without echoing the value', async () => {
    server = await createTestServer();
    const unknown = await call(server, {
      method: 'POST',
      url: '/api/conversations/00000000-0000-4000-8000-00000000dead/secrets',
      payload: { secrets: { NAME: PASSWORD } },
    });
    expect(unknown.status).toBe(404);
    const info = await createConversation(server);
    for (const secrets of [
      { 'not a name': PASSWORD },
      { NAME: { kind: 'LookupSecret', value: PASSWORD } },
      { NAME: '' },
    ]) {
      const bad = await call(server, {
        method: 'POST',
        url: `/api/conversations/${info.id}/secrets`,
        payload: { secrets },
      });
      expect(bad.status).toBe(422);
      expect(bad.response.body).not.toContain(PASSWORD);
    }
  });
});
