import { describe, expect, it } from 'vitest';
import { createApiClient } from './create-api-client';

function recordingFetch() {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

describe('createApiClient', () => {
  it('sends the key as X-Session-API-Key when given one (scripts, tests)', async () => {
    const { requests, fetch } = recordingFetch();
    await createApiClient({ baseUrl: 'http://127.0.0.1:9', sessionKey: 'the-key', fetch }).GET(
      '/api/settings',
    );
    expect(requests[0]?.headers.get('x-session-api-key')).toBe('the-key');
  });

  it('without a key sends no key header and same-origin credentials (the browser cookie)', async () => {
    const { requests, fetch } = recordingFetch();
    await createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch }).GET('/api/settings');
    expect(requests[0]?.headers.get('x-session-api-key')).toBeNull();
    expect(requests[0]?.credentials).toBe('same-origin');
  });
});
