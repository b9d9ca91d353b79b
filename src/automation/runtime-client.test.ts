import { describe, expect, it } from 'vitest';
import { createRuntimeClient } from './runtime-client';

/** A runtime answering every request with this status and body, recording what it was asked. */
function clientAnswering(status: number, body: unknown) {
  const asked: { url: string; key: string | null }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(input), key: new Headers(init?.headers).get('x-session-api-key') });
    return new Response(JSON.stringify(body), { status });
  };
  return { asked, client: createRuntimeClient({ runtimeUrls: ['http://127.0.0.1:18000'], key: 'k', fetch }) };
}

describe('runtime client: the settings endpoint', () => {
  it("reads the settings' provider and base URL with the service's key, never more", async () => {
    const { asked, client } = clientAnswering(200, {
      llm: {
        provider: 'openai-compatible',
        model: 'm',
        base_url: 'http://127.0.0.1:11434/v1',
        api_key_set: true,
      },
    });
    expect(await client.settingsEndpoint()).toEqual({
      ok: true,
      endpoint: { provider: 'openai-compatible', base_url: 'http://127.0.0.1:11434/v1' },
    });
    expect(asked).toEqual([{ url: 'http://127.0.0.1:18000/api/settings', key: 'k' }]);
  });

  it('answers null without a model in the settings, and a 5xx as unreachable', async () => {
    expect(await clientAnswering(200, { llm: null }).client.settingsEndpoint()).toEqual({
      ok: true,
      endpoint: null,
    });
    expect(await clientAnswering(502, { detail: 'down' }).client.settingsEndpoint()).toMatchObject({
      ok: false,
      unreachable: true,
      reason: expect.stringContaining('read the settings'),
    });
  });
});

/**
 * Three runtimes: the first is gone (its connection refused, as fetch reports it), the second holds
 * nothing (421 for a conversation another runtime holds), the third serves.
 */
function threeRuntimes(third: (path: string) => Response) {
  const asked: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(String(input));
    asked.push(`${url.port} ${url.pathname}`);
    if (url.port === '18000') throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    if (url.port === '18001' && url.pathname.startsWith('/api/conversations/'))
      return new Response(JSON.stringify({ detail: 'elsewhere', code: 'conversation_elsewhere' }), {
        status: 421,
      });
    if (url.port === '18001') return new Response(JSON.stringify({ id: 'made-on-18001' }), { status: 201 });
    return third(url.pathname);
  };
  const runtimeUrls = ['http://127.0.0.1:18000', 'http://127.0.0.1:18001', 'http://127.0.0.1:18002'];
  return { asked, client: createRuntimeClient({ runtimeUrls, key: 'k', fetch }) };
}

describe('runtime client: a queued run', () => {
  it('answers `queued` for a conversation whose run waits for a slot', async () => {
    const { client } = threeRuntimes(
      () =>
        new Response(
          JSON.stringify({
            execution_status: 'idle',
            run_queue: { position: 2, queued_at: '2026-01-01T00:00:00Z' },
          }),
          { status: 200 },
        ),
    );
    expect(await client.conversationStatus('c-1')).toEqual({ ok: true, status: 'queued' });
  });
});

describe('runtime client: several runtimes', () => {
  it("finds an earlier run's conversation on whichever runtime holds it now", async () => {
    const { asked, client } = threeRuntimes(
      () => new Response(JSON.stringify({ execution_status: 'waiting_for_confirmation' }), { status: 200 }),
    );
    expect(await client.conversationStatus('c-1')).toEqual({ ok: true, status: 'waiting_for_confirmation' });
    expect(asked).toEqual([
      '18000 /api/conversations/c-1',
      '18001 /api/conversations/c-1',
      '18002 /api/conversations/c-1',
    ]);
  });

  it('creates the conversation on the first runtime that answers, and stops there', async () => {
    const { asked, client } = threeRuntimes(() => new Response('{}', { status: 500 }));
    expect(await client.createConversation({ title: 't' })).toEqual({ ok: true, id: 'made-on-18001' });
    expect(asked).toEqual(['18000 /api/conversations', '18001 /api/conversations']);
  });

  it('reports a conversation no runtime will serve yet as worth another try, in the last words heard', async () => {
    const { client } = threeRuntimes(
      () =>
        new Response(JSON.stringify({ detail: 'elsewhere', code: 'conversation_elsewhere' }), {
          status: 421,
        }),
    );
    expect(await client.conversationStatus('c-1')).toEqual({
      ok: false,
      unreachable: true,
      reason: 'the runtime could not read the previous run (HTTP 421): elsewhere',
    });
  });

  it('does not send a call that timed out to another runtime: the first may have carried it out', async () => {
    const asked: string[] = [];
    const fetch = async (input: string | URL | Request) => {
      asked.push(String(input));
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    const runtimeUrls = ['http://127.0.0.1:18000', 'http://127.0.0.1:18001'];
    const client = createRuntimeClient({ runtimeUrls, key: 'k', fetch });
    expect(await client.createConversation({ title: 't' })).toMatchObject({ ok: false, unreachable: true });
    expect(asked).toEqual(['http://127.0.0.1:18000/api/conversations']);
  });

  it('takes any other answer of the first runtime as the answer, without asking the others', async () => {
    const asked: string[] = [];
    const fetch = async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ detail: 'No such conversation' }), { status: 404 });
    };
    const runtimeUrls = ['http://127.0.0.1:18000', 'http://127.0.0.1:18001'];
    const client = createRuntimeClient({ runtimeUrls, key: 'k', fetch });
    expect(await client.conversationStatus('c-1')).toEqual({ ok: true, status: 'gone' });
    expect(asked).toEqual(['http://127.0.0.1:18000/api/conversations/c-1']);
  });
});
