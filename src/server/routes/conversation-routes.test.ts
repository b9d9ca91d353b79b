import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

describe('POST /api/conversations', () => {
  it('creates a conversation: 201 with its ConversationInfo', async () => {
    const { status, body } = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: { title: 'First', tags: ['a'], workspace: { working_dir: server.workspace } },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: 'First',
      tags: { a: '' },
      tag_list: ['a'],
      pinned: false,
      execution_status: 'idle',
      workspace: { working_dir: server.workspace },
      max_iterations: 500,
      stuck_detection: true,
      forked_from_conversation_id: null,
    });
    expect(body.created_at).toMatch(/Z$/);
  });

  it('answers 200 with the existing conversation when conversation_id is taken', async () => {
    const id = '0f0f0f0f-0000-4000-8000-000000000001';
    const first = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: { conversation_id: id, title: 'A' },
    });
    const again = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: { conversation_id: id, title: 'B' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.title).toBe('A');
  });

  it('runs the initial message when asked and titles the conversation from it', async () => {
    const info = await createConversation(server, {
      initial_message: userMessage('Fix the failing build please', { run: true }),
    });
    const done = await waitForStatus(server, info.id, ['finished']);
    expect(done.title).toBe('Fix the failing build please');
    expect(done.last_seq).toBeGreaterThan(0);
  });

  it('refuses a workspace that is not a directory with 422 naming the problem', async () => {
    const file = join(server.dataDir, 'a-file');
    await writeFile(file, 'x');
    const { status, body } = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: { workspace: { working_dir: file } },
    });
    expect(status).toBe(422);
    expect(body.code).toBe('invalid_workspace');
  });

  it('validates the body: 422 naming the field, never echoing the value', async () => {
    const { status, body } = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: { llm: { provider: 'openai', model: 'm', api_key: 12345678 }, max_iterations: 0 },
    });
    expect(status).toBe(422);
    const locations = body.detail.map((issue: { loc: unknown[] }) => issue.loc.join('.'));
    expect(locations).toEqual(expect.arrayContaining(['body.llm.api_key', 'body.max_iterations']));
    expect(JSON.stringify(body)).not.toContain('12345678');
  });
});

describe('GET /api/conversations/search and /count', () => {
  it('pages through every conversation once, newest activity first', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 7; index++)
      ids.push((await createConversation(server, { title: `c${index}` })).id);
    const seen: string[] = [];
    let pageId: string | null = null;
    do {
      const query: string = pageId ? `&page_id=${encodeURIComponent(pageId)}` : '';
      const { status, body } = await call(server, { url: `/api/conversations/search?limit=3${query}` });
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((item: { id: string }) => item.id));
      pageId = body.next_page_id;
    } while (pageId);
    expect(seen).toEqual([...ids].reverse());
  });

  it('sorts by creation time when asked', async () => {
    const first = await createConversation(server, { title: 'old' });
    const second = await createConversation(server, { title: 'new' });
    await call(server, { method: 'PATCH', url: `/api/conversations/${first.id}`, payload: { pinned: true } });
    const { body } = await call(server, { url: '/api/conversations/search?sort_order=CREATED_AT' });
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
  });

  it('searches titles and message text with a match to open, and filters by status', async () => {
    const info = await createConversation(server, {
      initial_message: userMessage('the zanzibar deployment', { run: true }),
    });
    await waitForStatus(server, info.id, ['finished']);
    await createConversation(server, { title: 'unrelated' });
    const { body } = await call(server, { url: '/api/conversations/search?q=zanzibar' });
    expect(body.items).toHaveLength(1);
    expect(body.items[0].id).toBe(info.id);
    expect(body.items[0].match).toMatchObject({
      seq: expect.any(Number),
      snippet: expect.stringContaining('zanzibar'),
    });
    const finished = await call(server, { url: '/api/conversations/search?status=finished' });
    expect(finished.body.items.map((item: { id: string }) => item.id)).toEqual([info.id]);
    expect((await call(server, { url: '/api/conversations/count?status=finished' })).body).toBe(1);
    expect((await call(server, { url: '/api/conversations/count' })).body).toBe(2);
  });

  it('filters by pinned, and pinning does not count as activity', async () => {
    const pinned = await createConversation(server, { title: 'keep me' });
    const other = await createConversation(server, { title: 'other' });
    const before = (await call(server, { url: `/api/conversations/${pinned.id}` })).body.updated_at;
    await call(server, {
      method: 'PATCH',
      url: `/api/conversations/${pinned.id}`,
      payload: { pinned: true },
    });
    expect((await call(server, { url: `/api/conversations/${pinned.id}` })).body.updated_at).toBe(before);
    const onlyPinned = await call(server, { url: '/api/conversations/search?pinned=true' });
    expect(onlyPinned.body.items.map((item: { id: string }) => item.id)).toEqual([pinned.id]);
    const unpinned = await call(server, { url: '/api/conversations/search?pinned=false' });
    expect(unpinned.body.items.map((item: { id: string }) => item.id)).toEqual([other.id]);
    expect((await call(server, { url: '/api/conversations/search?pinned=yes' })).status).toBe(422);
  });

  it('searches FTS syntax characters as plain text', async () => {
    await createConversation(server, { title: 'quotes "and" stars' });
    for (const q of ['"', '*', 'NEAR(', '-', '"unbalanced', 'a OR', '(((']) {
      const { status } = await call(server, { url: `/api/conversations/search?q=${encodeURIComponent(q)}` });
      expect(status, q).toBe(200);
    }
  });

  it('refuses a query over 1,000 characters politely, and bad limits and sorts with 422', async () => {
    const long = await call(server, { url: `/api/conversations/search?q=${'a'.repeat(1001)}` });
    expect(long.status).toBe(422);
    expect(long.body.detail[0]).toMatchObject({
      loc: ['query', 'q'],
      msg: expect.stringMatching(/too long.*1,000/),
    });
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=x',
      'sort_order=NAME',
      'status=sleeping',
      'page_id=%%%garbage',
    ]) {
      const { status } = await call(server, { url: `/api/conversations/search?${query}` });
      expect(status, query).toBe(422);
    }
  });
});

describe('GET, PATCH, DELETE /api/conversations/{id}', () => {
  it('gets one conversation, 404 for an unknown id and 422 for a non-UUID', async () => {
    const info = await createConversation(server);
    expect((await call(server, { url: `/api/conversations/${info.id}` })).body.id).toBe(info.id);
    const unknown = await call(server, { url: `/api/conversations/${UNKNOWN}` });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Conversation not found', code: 'conversation_not_found' });
    expect((await call(server, { url: '/api/conversations/not-a-uuid' })).status).toBe(422);
  });

  it('renames, tags and pins; a title must be 1-200 characters', async () => {
    const info = await createConversation(server);
    const url = `/api/conversations/${info.id}`;
    const patched = await call(server, {
      method: 'PATCH',
      url,
      payload: { title: 'Renamed', tags: ['x'], pinned: true },
    });
    expect(patched).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(server, { url })).body).toMatchObject({
      title: 'Renamed',
      tags: { x: '' },
      tag_list: ['x'],
      pinned: true,
    });
    for (const title of ['', '   ', 'x'.repeat(201)]) {
      expect((await call(server, { method: 'PATCH', url, payload: { title } })).status).toBe(422);
    }
    expect(
      (
        await call(server, {
          method: 'PATCH',
          url: `/api/conversations/${UNKNOWN}`,
          payload: { pinned: true },
        })
      ).status,
    ).toBe(404);
  });

  it('deletes the conversation and its files but never the workspace', async () => {
    const info = await createConversation(server, { initial_message: userMessage('hi', { run: true }) });
    await waitForStatus(server, info.id, ['finished']);
    const observations = join(server.dataDir, 'observations', info.id.replaceAll('-', ''));
    await mkdir(observations, { recursive: true });
    await writeFile(join(server.workspace, 'keep.txt'), 'mine');
    const deleted = await call(server, { method: 'DELETE', url: `/api/conversations/${info.id}` });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(server, { url: `/api/conversations/${info.id}` })).status).toBe(404);
    await expect(stat(observations)).rejects.toThrow();
    expect((await stat(join(server.workspace, 'keep.txt'))).isFile()).toBe(true);
    expect((await call(server, { method: 'DELETE', url: `/api/conversations/${info.id}` })).status).toBe(404);
  });

  it('stops a running conversation before deleting it', async () => {
    await server.close();
    // The model never answers: a delete that returns stopped the run rather than waiting it out.
    server = await createTestServer({ script: { turns: [{ fail: 'hang' }] } });
    const info = await createConversation(server, { initial_message: userMessage('go', { run: true }) });
    await waitForStatus(server, info.id, ['running']);
    expect((await call(server, { method: 'DELETE', url: `/api/conversations/${info.id}` })).status).toBe(200);
    expect((await call(server, { url: '/api/conversations/count' })).body).toBe(0);
  });
});
