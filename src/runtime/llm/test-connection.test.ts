import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { freePort } from '../../cli/testing/free-port';
import type { LLM } from './llm';
import { createAiSdkLLM } from './create-ai-sdk-llm';
import { testConnection } from './test-connection';

/** The real fetch, counting the requests made: "at once" means one attempt, not a retry's backoff. */
function countingFetch(): { fetch: typeof fetch; count: () => number } {
  let count = 0;
  return {
    fetch: (input, init) => {
      count += 1;
      return fetch(input, init);
    },
    count: () => count,
  };
}

let mock: MockLLM;
beforeEach(async () => {
  mock = await startMockLLM();
});
afterEach(async () => {
  await mock.close();
});

describe('testConnection', () => {
  it('makes one small real call and reports ok with the model and latency', async () => {
    mock.setScript({ turns: [{ text: 'OK', delay_ms: 30 }] });
    const llm = createAiSdkLLM({ provider: 'openai-compatible', model: 'local-7b', base_url: mock.url });
    const result = await testConnection(llm);
    expect(result).toMatchObject({ ok: true, model: 'local-7b' });
    expect(result.ok && result.latency_ms).toBeGreaterThanOrEqual(25);
    expect(mock.requests()).toHaveLength(1);
    expect(mock.requests()[0]?.body).toMatchObject({ max_tokens: 16 });
  });

  it('reports the mapped error in plain words instead of throwing', async () => {
    mock.setScript({ turns: [{ fail: 'auth' }] });
    const llm = createAiSdkLLM({
      provider: 'openai-compatible',
      model: 'm',
      base_url: mock.url,
      api_key: 'sk-bad-key-12345678',
    });
    expect(await testConnection(llm)).toEqual({
      ok: false,
      code: 'auth',
      detail: 'The model endpoint rejected the API key (401). Check the key in Settings.',
    });
  });

  it('answers at once, in plain words, when nothing listens on the port (no retries)', async () => {
    const port = await freePort();
    const attempts = countingFetch();
    const llm = createAiSdkLLM(
      { provider: 'openai-compatible', model: 'm', base_url: `http://127.0.0.1:${port}/v1` },
      { fetch: attempts.fetch },
    );
    const result = await testConnection(llm);
    expect(attempts.count()).toBe(1);
    expect(result).toMatchObject({ ok: false, code: 'network' });
    expect(!result.ok && result.detail).toContain(`Nothing is listening at 127.0.0.1:${port}`);
  });

  it('answers at once when the host name does not resolve', async () => {
    const attempts = countingFetch();
    const llm = createAiSdkLLM(
      { provider: 'openai-compatible', model: 'm', base_url: 'http://no-such-host.invalid/v1' },
      { fetch: attempts.fetch },
    );
    const result = await testConnection(llm);
    expect(attempts.count()).toBe(1);
    expect(result).toMatchObject({ ok: false, code: 'network' });
    expect(!result.ok && result.detail).toContain('"no-such-host.invalid" was not found');
  });

  it('gives up on a model that never answers after its timeout, saying so', async () => {
    const silent: LLM = {
      provider: 'openai-compatible',
      model: 'm',
      complete: ({ signal }) =>
        new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const result = await testConnection(silent, { timeoutMs: 50 });
    expect(result).toEqual({
      ok: false,
      code: 'timeout',
      detail:
        'The model did not answer within 0.05 s. Check the base URL in Settings and that the server is running.',
    });
  });
});
