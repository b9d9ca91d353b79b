import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationInfo } from '../../runtime/events';
import { routeTable } from './route-table';
import { call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

/**
 * Bad input on every route: wrong types, huge strings, deep JSON, unknown fields, non-UUID ids. Every
 * answer is 4xx, JSON, without a stack trace; nothing is written; the runtime stays up.
 */
let server: TestServer;
let conversation: ConversationInfo;
let eventId: string;

beforeAll(async () => {
  server = await createTestServer();
  conversation = await createConversation(server, { initial_message: userMessage('seed', { run: true }) });
  conversation = await waitForStatus(server, conversation.id, ['finished']);
  eventId = (await server.store.readEvents(conversation.id))[1]?.id ?? '';
});
afterAll(async () => server.close());

const routes = () =>
  routeTable(server.app).filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');

function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Bodies no route accepts: every body schema is strict, so an unknown key alone makes it invalid. */
const badBody = fc.oneof(
  fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.string()).map((value) => JSON.stringify(value)),
  fc.array(fc.jsonValue(), { maxLength: 5 }).map((value) => JSON.stringify(value)),
  fc
    .dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 })
    .map((value) => JSON.stringify({ ...value, __unknown_field__: 1 })),
  fc
    .record({
      content: fc.jsonValue(),
      role: fc.integer(),
      title: fc.oneof(fc.integer(), fc.constant(''), fc.constant('t'.repeat(5_000))),
      policy: fc.string(),
      event_id: fc.oneof(fc.integer(), fc.string({ maxLength: 40 })),
      accept: fc.string(),
      llm: fc.oneof(fc.integer(), fc.string()),
      pinned: fc.string(),
    })
    .map((value) => JSON.stringify(value)),
  fc.integer({ min: 2, max: 20_000 }).map(deepJson),
  fc.constant(`{"title":"${'a'.repeat(1_100_000)}"}`),
  fc.string({ maxLength: 30 }).map((text) => `{"broken": ${text}`),
);

const badId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).filter((text) => !/^[0-9a-f-]{36}$/i.test(text)),
  fc.constant('00000000-0000-4000-8000-zzzzzzzzzzzz'),
  fc.constant('x'.repeat(5_000)),
);

/** The filters events/search and events/count share. */
const EVENT_FILTERS = [
  'after_seq',
  'before_seq',
  'kind',
  'source',
  'body',
  'timestamp__gte',
  'timestamp__lt',
];

/** The query parameters each route takes; any other one is ignored, as upstream does. */
const KNOWN_QUERY: Readonly<Record<string, readonly string[]>> = {
  '/api/conversations': ['ids'],
  '/api/conversations/search': ['q', 'status', 'pinned', 'tag', 'page_id', 'limit', 'sort_order'],
  '/api/conversations/count': ['status', 'tag'],
  '/api/conversations/:id/events/search': [...EVENT_FILTERS, 'page_id', 'limit', 'sort_order'],
  '/api/conversations/:id/events/count': EVENT_FILTERS,
  '/api/conversations/:id/export': ['format'],
};

/** One known parameter with a value its route refuses. */
const badQuery = fc.oneof(
  fc.record({
    limit: fc.oneof(
      fc.constant('0'),
      fc.constant('101'),
      fc.constant('-5'),
      fc.constant('ten'),
      fc.constant('1e3'),
    ),
  }),
  fc.record({ q: fc.constant('q'.repeat(1_001)) }),
  fc.record({
    status: fc
      .string({ maxLength: 10 })
      .filter((text) => !['idle', 'running', 'paused', 'finished', 'error', 'stuck'].includes(text)),
  }),
  fc.record({ after_seq: fc.constantFrom('x', '-7', '1.5', '99999999999999999999') }),
  fc.record({ format: fc.string({ maxLength: 8 }).filter((text) => text !== 'json' && text !== 'md') }),
  fc.record({
    sort_order: fc
      .string({ maxLength: 12 })
      .filter((text) => !/^(CREATED_AT|UPDATED_AT|TIMESTAMP)(_DESC)?$/.test(text)),
  }),
  fc.record({
    timestamp__gte: fc.constantFrom(
      'yesterday',
      '2025-13-01T00:00:00',
      '2025-01-01T25:00:00Z',
      'x'.repeat(100),
    ),
  }),
  fc.record({ timestamp__lt: fc.constantFrom('now', '01/02/2025', '2025-02-30T00:00:00') }),
  fc.record({ ids: fc.constantFrom('not-a-uuid', '00000000-0000-4000-8000-zzzzzzzzzzzz') }),
);

/** A parameter no route takes (upstream's `include_skills`, or any other name). */
const unknownQuery = fc.oneof(
  fc.record({ include_skills: fc.constantFrom('true', 'false', 'x') }),
  fc.record({ zz_unknown: fc.string({ maxLength: 20 }) }),
);

function expectCleanRejection(status: number, body: string, label: string): void {
  expect(status, `${label} answered ${status}: ${body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(status, `${label} answered ${status}: ${body.slice(0, 200)}`).toBeLessThan(500);
  expect(body, label).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|Error:/);
  expect(() => JSON.parse(body), label).not.toThrow();
}

function fill(url: string, id: string, event: string): string {
  return url.replace(':id', encodeURIComponent(id)).replace(':event_id', encodeURIComponent(event));
}

describe('fuzzing every /api route with bad input', () => {
  it('answers bad bodies with 4xx and writes nothing', async () => {
    const before = (await server.store.readEvents(conversation.id)).length;
    const bodyRoutes = routes().filter((route) => route.method === 'POST' || route.method === 'PATCH');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyRoutes), badBody, async (route, payload) => {
        const response = await server.app.inject({
          method: route.method as 'POST',
          url: fill(route.url, conversation.id, eventId),
          headers: { ...server.auth, 'content-type': 'application/json' },
          payload,
        });
        expectCleanRejection(response.statusCode, response.body, `${route.method} ${route.url}`);
      }),
      { numRuns: 300 },
    );
    expect((await server.store.readEvents(conversation.id)).length).toBe(before);
    expect((await call(server, { url: '/api/conversations/count' })).body).toBe(1);
  });

  it('answers non-UUID ids with 4xx on every route that takes one', async () => {
    const idRoutes = routes().filter((route) => route.url.includes(':id'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...idRoutes), badId, fc.boolean(), async (route, id, badEvent) => {
        const url =
          badEvent && route.url.includes(':event_id')
            ? fill(route.url, conversation.id, id)
            : fill(route.url, id, eventId);
        const response = await server.app.inject({
          method: route.method as 'GET',
          url,
          headers: server.auth,
          ...(route.method === 'POST' || route.method === 'PATCH' ? { payload: {} } : {}),
        });
        expectCleanRejection(response.statusCode, response.body, `${route.method} ${url.slice(0, 80)}`);
      }),
      { numRuns: 200 },
    );
  });

  it('answers a bad value of a known query parameter with 4xx on every route that takes it', async () => {
    const getRoutes = routes().filter((route) => route.method === 'GET' && KNOWN_QUERY[route.url]);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...getRoutes), badQuery, async (route, query) => {
        const [name] = Object.keys(query);
        fc.pre(name !== undefined && (KNOWN_QUERY[route.url] ?? []).includes(name));
        const url = `${fill(route.url, conversation.id, eventId)}?${new URLSearchParams(query)}`;
        const response = await server.app.inject({ method: 'GET', url, headers: server.auth });
        expectCleanRejection(response.statusCode, response.body, url.slice(0, 120));
      }),
      { numRuns: 200 },
    );
  });

  it('ignores unknown query parameters on every GET route, as upstream does', async () => {
    const getRoutes = routes().filter((route) => route.method === 'GET');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...getRoutes), unknownQuery, async (route, query) => {
        const base = fill(route.url, conversation.id, eventId);
        const plain = route.url === '/api/conversations' ? `${base}?ids=${conversation.id}` : base;
        const separator = plain.includes('?') ? '&' : '?';
        const withUnknown = `${plain}${separator}${new URLSearchParams(query)}`;
        const [expected, actual] = await Promise.all(
          [plain, withUnknown].map((url) => server.app.inject({ method: 'GET', url, headers: server.auth })),
        );
        expect(actual?.statusCode, withUnknown).toBe(expected?.statusCode);
      }),
      { numRuns: 100 },
    );
  });

  it('is still up and serving afterwards', async () => {
    expect((await server.app.inject({ url: '/alive' })).statusCode).toBe(200);
    expect((await call(server, { url: `/api/conversations/${conversation.id}` })).body.last_seq).toBe(
      conversation.last_seq,
    );
  });
});
