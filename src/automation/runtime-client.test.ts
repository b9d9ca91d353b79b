import { describe, expect, it } from 'vitest';
import { createRuntimeClient } from './runtime-client';

/** A runtime answering every request with this status and body, recording what it was asked. */
function clientAnswering(status: number, body: unknown) {
  const asked: { url: string; key: string | null }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(input), key: new Headers(init?.headers).get('x-session-api-key') });
    return new Response(JSON.stringify(body), { status });
  };
  return { asked, client: createRuntimeClient({ runtimeUrl: 'http://127.0.0.1:18000', key: 'k', fetch }) };
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
