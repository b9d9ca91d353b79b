import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationInfo } from '../../../runtime/events';
import { createScriptedLLM } from '../../../runtime/llm/scripted-llm';
import { allEvents, call, createConversation, userMessage } from '../../testing/api-helpers';
import { createTestServer, type TestServer } from '../../testing/create-test-server';

/**
 * Upstream's conversation fields beyond the create body: tags as an object, a fork's own id and tags,
 * the batch get and the time filters of event search.
 */
let server: TestServer;
beforeEach(async () => {
  const llm = createScriptedLLM({ turns: [], fallback: { text: 'Done.' } });
  server = await createTestServer({ createLLM: () => llm });
});
afterEach(async () => server.close());

describe('tags as an object', () => {
  it('maps {key: value} to "key:value" on create, PATCH and fork, and filters search and count by tag', async () => {
    const info = await createConversation(server, { tags: { env: 'prod', team: 'core' } });
    expect(info.tags).toEqual({ env: 'prod', team: 'core' });
    expect(info.tag_list).toEqual(['env:prod', 'team:core']);
    await createConversation(server, { tags: ['env:prod'] });
    const patched = await call(server, {
      method: 'PATCH',
      url: `/api/conversations/${info.id}`,
      payload: { tags: { env: 'staging' } },
    });
    expect(patched.status).toBe(200);
    const read = (await call(server, { url: `/api/conversations/${info.id}` })).body;
    expect(read.tags).toEqual({ env: 'staging' });
    expect(read.tag_list).toEqual(['env:staging']);

    const search = await call(server, { url: '/api/conversations/search?tag=env:prod&include_skills=true' });
    expect(search.status).toBe(200);
    expect(search.body.items).toHaveLength(1);
    expect((await call(server, { url: '/api/conversations/count?tag=env:staging' })).body).toBe(1);
    expect((await call(server, { url: '/api/conversations/count?tag=env:staging&tag=x' })).body).toBe(0);

    const badKey = await call(server, {
      method: 'PATCH',
      url: `/api/conversations/${info.id}`,
      payload: { tags: { 'Not-Lower': 'x' } },
    });
    expect(badKey.status).toBe(422);
  });
});

describe('POST /api/conversations/{id}/fork, upstream fields', () => {
  it('takes a caller-chosen id and tags; a taken id is a 409 conversation_exists', async () => {
    const source = await createConversation(server, { title: 'Source' });
    const forkId = '1a2b3c4d-0000-4000-8000-00000000f0f0';
    const forked = await call(server, {
      method: 'POST',
      url: `/api/conversations/${source.id}/fork`,
      payload: { id: forkId, tags: { origin: 'fork' }, title: null, from_event_id: null },
    });
    expect(forked.status).toBe(201);
    expect(forked.body).toMatchObject({
      id: forkId,
      tags: { origin: 'fork' },
      tag_list: ['origin:fork'],
      forked_from_conversation_id: source.id,
    });

    for (const id of [forkId, source.id]) {
      const again = await call(server, {
        method: 'POST',
        url: `/api/conversations/${source.id}/fork`,
        payload: { id },
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('conversation_exists');
    }
    expect((await call(server, { url: '/api/conversations/count' })).body).toBe(2);
  });
});

describe('GET /api/conversations?ids= (batch get)', () => {
  it('answers in the order asked, null for unknown ids; malformed or too many ids are a 422', async () => {
    const first = await createConversation(server, { title: 'one' });
    const second = await createConversation(server, { title: 'two' });
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const { status, body } = await call(server, {
      url: `/api/conversations?ids=${second.id}&ids=${unknown}&ids=${first.id}&include_skills=false`,
    });
    expect(status).toBe(200);
    expect(body.map((item: ConversationInfo | null) => item?.title ?? null)).toEqual(['two', null, 'one']);
    expect((await call(server, { url: `/api/conversations?ids=${first.id}` })).body[0].id).toBe(first.id);
    expect((await call(server, { url: '/api/conversations?ids=nope' })).status).toBe(422);
    expect((await call(server, { url: '/api/conversations' })).status).toBe(422);
    const many = Array.from({ length: 100 }, () => `ids=${unknown}`).join('&');
    expect((await call(server, { url: `/api/conversations?${many}` })).status).toBe(422);
  });
});

describe('event search and count by timestamp', () => {
  it('filters with timestamp__gte and timestamp__lt (no zone: UTC) and refuses a malformed instant', async () => {
    const info = await createConversation(server, { initial_message: userMessage('first') });
    const events = await allEvents(server, info.id);
    const last = events.at(-1);
    if (!last) throw new Error('no events');
    const url = `/api/conversations/${info.id}/events`;
    const after = await call(server, {
      url: `${url}/search?timestamp__gte=${encodeURIComponent(last.timestamp)}`,
    });
    expect(after.body.items.map((event: { id: string }) => event.id)).toContain(last.id);
    const before = await call(server, {
      url: `${url}/count?timestamp__lt=${encodeURIComponent(last.timestamp)}`,
    });
    expect(before.body).toBe(events.filter((event) => event.timestamp < last.timestamp).length);
    // Without a zone the instant is UTC: the last event's time minus the Z finds it too.
    const naive = last.timestamp.replace('Z', '');
    expect((await call(server, { url: `${url}/count?timestamp__gte=${naive}` })).body).toBeGreaterThanOrEqual(
      1,
    );
    expect((await call(server, { url: `${url}/count?timestamp__gte=2999-01-01` })).body).toBe(0);
    expect((await call(server, { url: `${url}/search?timestamp__lt=yesterday` })).status).toBe(422);
  });
});
