import { describe, expect, it } from 'vitest';
import { logIn } from './log-in';

const answering = (status: number) => (async () => new Response(null, { status })) as typeof fetch;

describe('logIn', () => {
  it('posts the key as JSON to /auth/session and is accepted on 204', async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      seen = { url, init };
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    expect(await logIn('the-key', fetchImpl)).toBe('accepted');
    expect(seen?.url).toBe('/auth/session');
    expect(seen?.init?.method).toBe('POST');
    expect(JSON.parse(String(seen?.init?.body))).toEqual({ key: 'the-key' });
  });

  it('tells a refused key (401) from a workbench that did not answer', async () => {
    expect(await logIn('wrong', answering(401))).toBe('refused');
    expect(await logIn('k', answering(502))).toBe('failed');
    expect(await logIn('k', (async () => Promise.reject(new TypeError('down'))) as typeof fetch)).toBe(
      'failed',
    );
  });
});
