import type { ConversationInfo, Event } from '../../runtime/events';
import type { TestServer } from './create-test-server';

type InjectOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };

/** Sends an authenticated request and returns status and parsed JSON (undefined for non-JSON bodies). */
export async function call(server: TestServer, options: InjectOptions) {
  const response = await server.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers: server.auth,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: isJson ? response.json() : undefined, response };
}

export function userMessage(text: string, extra: Record<string, unknown> = {}) {
  return { role: 'user', content: [{ type: 'text', text }], ...extra };
}

export async function createConversation(server: TestServer, payload: Record<string, unknown> = {}) {
  const { status, body } = await call(server, { method: 'POST', url: '/api/conversations', payload });
  if (status !== 201) throw new Error(`create answered ${status}: ${JSON.stringify(body)}`);
  return body as ConversationInfo;
}

/** Polls GET /api/conversations/{id} until its status is one of `statuses` (default: a run ended). */
export async function waitForStatus(
  server: TestServer,
  id: string,
  statuses: readonly string[] = ['finished', 'error', 'stuck', 'paused', 'idle', 'waiting_for_confirmation'],
  timeoutMs = 10_000,
): Promise<ConversationInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(server, { url: `/api/conversations/${id}` });
    const info = body as ConversationInfo;
    if (statuses.includes(info.execution_status)) return info;
    if (Date.now() > deadline)
      throw new Error(`status stayed ${info.execution_status}, wanted ${statuses.join('|')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The whole log through the API, every page. */
export async function allEvents(server: TestServer, id: string): Promise<Event[]> {
  const events: Event[] = [];
  let pageId: string | null = null;
  do {
    const query: string = pageId ? `?page_id=${encodeURIComponent(pageId)}` : '';
    const { body } = await call(server, { url: `/api/conversations/${id}/events/search${query}` });
    events.push(...(body.items as Event[]));
    pageId = body.next_page_id;
  } while (pageId);
  return events;
}
