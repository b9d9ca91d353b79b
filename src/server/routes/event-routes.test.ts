import { describe, expect, it } from 'vitest';
import type { Event } from '../../runtime/events';
import type { LLMScript } from '../../runtime/llm/llm-script';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { serverPerTest } from '../testing/server-per-test';

const start = serverPerTest();

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const thinkThenFinish: LLMScript = {
  turns: [{ text: 'Let me think', tool_calls: [{ name: 'think', arguments: { thought: 'plan' } }] }],
  fallback: { text: 'All done.' },
};

describe('POST /api/conversations/{id}/events', () => {
  it('appends a message once per client_message_id', async () => {
    const app = await start();
    const info = await createConversation(app);
    const url = `/api/conversations/${info.id}/events`;
    const payload = userMessage('only once', { client_message_id: 'm-1' });
    expect((await call(app, { method: 'POST', url, payload })).body).toEqual({ success: true });
    expect((await call(app, { method: 'POST', url, payload })).body).toEqual({ success: true });
    const messages = (await allEvents(app, info.id)).filter((event) => event.kind === 'MessageEvent');
    expect(messages).toHaveLength(1);
  });

  it('starts a run with run: true', async () => {
    const app = await start();
    const info = await createConversation(app);
    await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: userMessage('go', { run: true }),
    });
    expect((await waitForStatus(app, info.id, ['finished'])).execution_status).toBe('finished');
  });

  it('refuses a bad message with 422 and an unknown conversation with 404, writing nothing', async () => {
    const app = await start();
    const info = await createConversation(app);
    const url = `/api/conversations/${info.id}/events`;
    const before = (await allEvents(app, info.id)).length;
    for (const payload of [
      { role: 'assistant', content: [{ type: 'text', text: 'x' }] },
      { role: 'user', content: [] },
      { role: 'user', content: [{ type: 'text', text: 'x' }], extra: true },
    ]) {
      expect((await call(app, { method: 'POST', url, payload })).status).toBe(422);
    }
    expect((await allEvents(app, info.id)).length).toBe(before);
    const unknown = await call(app, {
      method: 'POST',
      url: `/api/conversations/${UNKNOWN}/events`,
      payload: userMessage('x'),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/conversations/{id}/events/respond_to_confirmation', () => {
  it('409 for a stale action set; accepting the pending set continues the run; nothing pending is a no-op', async () => {
    const app = await start({
      turns: [
        {
          tool_calls: [
            { name: 'file_editor', arguments: { command: 'create', path: 'notes.txt', file_text: 'x' } },
          ],
        },
      ],
      fallback: { text: 'All done.' },
    });
    const info = await createConversation(app, {
      confirmation_policy: { kind: 'AlwaysConfirm' },
      initial_message: userMessage('go', { run: true }),
    });
    const waiting = await waitForStatus(app, info.id, ['waiting_for_confirmation']);
    expect(waiting.pending_action_ids).toHaveLength(1);
    const url = `/api/conversations/${info.id}/events/respond_to_confirmation`;
    const stale = await call(app, { method: 'POST', url, payload: { accept: true, action_ids: [UNKNOWN] } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_confirmation');
    const accepted = await call(app, {
      method: 'POST',
      url,
      payload: { accept: true, action_ids: waiting.pending_action_ids },
    });
    expect(accepted.body).toEqual({ success: true });
    await waitForStatus(app, info.id, ['finished']);
    const before = (await allEvents(app, info.id)).length;
    for (const accept of [true, false]) {
      const again = await call(app, { method: 'POST', url, payload: { accept } });
      expect(again).toMatchObject({ status: 200, body: { success: true } });
    }
    expect(await allEvents(app, info.id)).toHaveLength(before);
    expect((await call(app, { url: `/api/conversations/${info.id}` })).body.execution_status).toBe(
      'finished',
    );
    const named = await call(app, { method: 'POST', url, payload: { accept: true, action_ids: [UNKNOWN] } });
    expect(named.status).toBe(409);
    expect((await call(app, { method: 'POST', url, payload: { accept: 'yes' } })).status).toBe(422);
  });
});

describe('event search, count and get', () => {
  async function finishedConversation() {
    const app = await start(thinkThenFinish, {});
    const info = await createConversation(app, {
      confirmation_policy: { kind: 'NeverConfirm' },
      initial_message: userMessage('find the needle', { run: true }),
    });
    await waitForStatus(app, info.id, ['finished']);
    return { app, id: info.id, events: await allEvents(app, info.id) };
  }

  it('returns the log in seq order, page by page, ascending or descending', async () => {
    const { app, id, events } = await finishedConversation();
    expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index));
    const pages: number[] = [];
    let pageId: string | null = null;
    do {
      const query: string = pageId ? `&page_id=${encodeURIComponent(pageId)}` : '';
      const { body } = await call(app, {
        url: `/api/conversations/${id}/events/search?limit=2&sort_order=TIMESTAMP_DESC${query}`,
      });
      pages.push(...body.items.map((event: Event) => event.seq));
      pageId = body.next_page_id;
    } while (pageId);
    expect(pages).toEqual(events.map((event) => event.seq).reverse());
  });

  it('filters by kind, source, body and seq range, and counts with the same filters', async () => {
    const { app, id, events } = await finishedConversation();
    const base = `/api/conversations/${id}/events`;
    const messages = events.filter((event) => event.kind === 'MessageEvent');
    const byKind = await call(app, { url: `${base}/search?kind=MessageEvent` });
    expect(byKind.body.items.map((event: Event) => event.id)).toEqual(messages.map((event) => event.id));
    expect((await call(app, { url: `${base}/count?kind=MessageEvent` })).body).toBe(messages.length);
    const byUser = await call(app, { url: `${base}/search?source=user` });
    expect(byUser.body.items.every((event: Event) => event.source === 'user')).toBe(true);
    const byBody = await call(app, { url: `${base}/search?body=NEEDLE` });
    expect(byBody.body.items).toHaveLength(1);
    const range = await call(app, { url: `${base}/search?after_seq=1&before_seq=4` });
    expect(range.body.items.map((event: Event) => event.seq)).toEqual([2, 3]);
    expect((await call(app, { url: `${base}/count?after_seq=1&before_seq=4` })).body).toBe(2);
    expect((await call(app, { url: `${base}/count` })).body).toBe(events.length);
    for (const query of [
      'kind=Nope',
      'source=robot',
      'limit=0',
      'after_seq=-2',
      'sort_order=UP',
      'after_seq=1.5',
    ]) {
      expect((await call(app, { url: `${base}/search?${query}` })).status, query).toBe(422);
    }
    expect((await call(app, { url: `/api/conversations/${UNKNOWN}/events/search` })).status).toBe(404);
    expect((await call(app, { url: `/api/conversations/${UNKNOWN}/events/count` })).status).toBe(404);
  });

  it('gets one event by id; unknown ids are 404', async () => {
    const { app, id, events } = await finishedConversation();
    const event = events[1];
    expect((await call(app, { url: `/api/conversations/${id}/events/${event?.id}` })).body).toEqual(event);
    const missing = await call(app, { url: `/api/conversations/${id}/events/${UNKNOWN}` });
    expect(missing).toMatchObject({ status: 404, body: { code: 'event_not_found' } });
    expect((await call(app, { url: `/api/conversations/${id}/events/not-a-uuid` })).status).toBe(422);
  });
});

describe('GET /api/conversations/{id}/export', () => {
  it('downloads the active branch as JSON or Markdown with secrets redacted', async () => {
    const app = await start();
    const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
    const info = await createConversation(app, {
      initial_message: userMessage(`use the key ${secret} please`, { run: true }),
    });
    await waitForStatus(app, info.id, ['finished']);

    const json = await call(app, { url: `/api/conversations/${info.id}/export?format=json` });
    expect(json.status).toBe(200);
    expect(json.response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"/);
    expect(json.response.body).not.toContain(secret);
    expect(JSON.parse(json.response.body)).toBeTypeOf('object');

    const markdown = await call(app, { url: `/api/conversations/${info.id}/export?format=md` });
    expect(markdown.response.headers['content-type']).toMatch(/markdown/);
    expect(markdown.response.headers['content-disposition']).toMatch(/filename=".+\.md"/);
    expect(markdown.response.body).toContain('please');
    expect(markdown.response.body).not.toContain(secret);

    expect((await call(app, { url: `/api/conversations/${info.id}/export?format=pdf` })).status).toBe(422);
    expect((await call(app, { url: `/api/conversations/${UNKNOWN}/export` })).status).toBe(404);
  });
});
